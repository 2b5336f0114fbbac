import { Component, useState, type ErrorInfo, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../ui/Button';
import { button } from '../ui/Button.css';
import { Page } from '../ui/Page';
import { Heading, Text } from '../ui/Text';

function ErrorDetails({ error }: { error: Error }) {
  const { t } = useTranslation();
  const [shown, setShown] = useState(false);
  return (
    <Page width="narrow">
      <Heading>{t('errors.somethingWentWrong')}</Heading>
      <Button tone="secondary" aria-expanded={shown} onClick={() => setShown((value) => !value)}>
        {shown ? t('errors.hideDetails') : t('errors.showDetails')}
      </Button>
      {shown ? <Text tone="muted">{error.message}</Text> : null}
      {/* A document load, not a router link: after a crash the app starts afresh. */}
      <a href="/" className={button({ tone: 'primary' })}>
        {t('errors.backHome')}
      </a>
    </Page>
  );
}

/** SPEC §8: 'Something went wrong!' with a toggle that shows or hides the message. */
export class RouteErrorBoundary extends Component<{ children: ReactNode }, { error: Error | null }> {
  override state = { error: null as Error | null };

  static getDerivedStateFromError(error: Error) {
    return { error };
  }

  override componentDidCatch(error: Error, info: ErrorInfo) {
    console.error('Route failed', error, info.componentStack);
  }

  override render() {
    return this.state.error ? <ErrorDetails error={this.state.error} /> : this.props.children;
  }
}

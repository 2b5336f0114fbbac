import { Component, useState, type ErrorInfo, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../ui/Button';
import { button } from '../ui/Button.css';
import { Page } from '../ui/Page';
import { Heading, Text } from '../ui/Text';

/** A code chunk that could not be fetched (a new version deployed, the connection lost): reloading fixes it. */
const isLoadFailure = (error: Error) => /dynamically imported module|Importing a module script failed|error loading dynamically imported|ChunkLoadError|Loading chunk/i.test(`${error.name} ${error.message}`);

/**
 * What went wrong, in the reader's language: the page could not load (reload), or it stopped (go
 * home). The error's own text is the browser's or the code's, in English: folded behind the
 * toggle, marked as English and as not for translating, for whoever helps the person.
 */
function ErrorDetails({ error }: { error: Error }) {
  const { t } = useTranslation();
  const [shown, setShown] = useState(false);
  const loadFailure = isLoadFailure(error);
  return (
    <Page width="narrow">
      <Heading>{t('errors.somethingWentWrong')}</Heading>
      <Text>{t(loadFailure ? 'errors.loadFailed' : 'errors.crashed')}</Text>
      {loadFailure ? (
        <Button tone="primary" onClick={() => window.location.reload()}>
          {t('errors.reload')}
        </Button>
      ) : null}
      {/* eslint-disable-next-line no-restricted-syntax -- a document load, not a router link: after a crash the app starts afresh. */}
      <a href="/" className={button({ tone: loadFailure ? 'secondary' : 'primary' })}>
        {t('errors.backHome')}
      </a>
      <Button tone="secondary" aria-expanded={shown} onClick={() => setShown((value) => !value)}>
        {shown ? t('errors.hideDetails') : t('errors.showDetails')}
      </Button>
      {shown ? (
        <>
          <Text tone="muted">{t('errors.detailsIntro')}</Text>
          <Text tone="muted">
            <code lang="en" translate="no">
              {error.name}: {error.message}
            </code>
          </Text>
        </>
      ) : null}
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

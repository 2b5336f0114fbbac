import { useTranslation } from 'react-i18next';
import type { Booking } from '../../../core/contracts/signup';
import { formatDateTime } from '../../../core/format-date';
import type { Language } from '../../../core/routes/languages';
import { paths } from '../../../core/routes/paths';
import { IntentLink as Link } from '../../platform/IntentLink';
import { defaultCountryCode } from '../../lib/countries';
import { Alert } from '../../ui/Alert';
import { Button } from '../../ui/Button';
import { button } from '../../ui/Button.css';
import { Card } from '../../ui/Card';
import { Heading } from '../../ui/Text';
import { phoneFormat } from '../../ui/phone-input/phone-format.lazy';
import * as styles from './Landing.css';
import { LandingLayout } from './LandingLayout';

/** The demo page once a call is booked: when (or soon), on which number, and a way to book another. */
export function DemoBooked({ booked, lng, onAnother }: { booked: Booking; lng: Language; onAnother: () => void }) {
  const { t, i18n } = useTranslation(['landing', 'common']);
  return (
    <LandingLayout width="content">
      <Card>
        <Heading>{t('demo.title')}</Heading>
        <Alert tone="info">
          {booked.slot
            ? t('demo.booked', { when: formatDateTime(booked.slot, i18n.language), phone: bookedPhone(booked.phone) })
            : t('demo.calledSoon', { phone: bookedPhone(booked.phone) })}
        </Alert>
        <div className={styles.actions}>
          <Button tone="secondary" onClick={onAnother}>
            {t('demo.another')}
          </Button>
          <Link href={paths.home.build(lng)} className={button({ tone: 'ghost' })}>
            {t('failure.back')}
          </Link>
        </div>
      </Card>
    </LandingLayout>
  );
}

/** The booked number as its reader dials it (the formatter is here: the booking waited for it). */
function bookedPhone(e164: string): string {
  return phoneFormat()?.formatPhone(e164, defaultCountryCode()) ?? e164;
}

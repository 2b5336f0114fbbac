import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearch } from 'wouter';
import { useLanguage } from '../../platform/use-language';
import { parseLandingSearch } from '../../../core/contracts/signup';
import { currentTimeZone } from '../../lib/time-zones';
import { useBrowserValues } from '../../lib/use-browser-values';
import { Alert } from '../../ui/Alert';
import { Button } from '../../ui/Button';
import { Card } from '../../ui/Card';
import { TextAreaField, TextField } from '../../ui/Field';
import { Heading, Text } from '../../ui/Text';
import { PhoneField } from '../../ui/phone-input/PhoneField';
import { DemoApplyCard } from './DemoApplyCard';
import { DemoBooked } from './DemoBooked';
import { DemoSlotFields } from './DemoSlotFields';
import { slotDays } from './demo-slots';
import * as styles from './Landing.css';
import { Facts, LandingLayout } from './LandingLayout';
import { useDemoBooking } from './use-demo-booking';

/**
 * /{lng}/demo: book a call of under 20 minutes with a founder (a preferred slot, stored by
 * POST /v1/bookings and listed for the team at /admin/bookings), or the two quick-starts: 'call now'
 * (a founder calls back right away) and 'apply' (sign up now, on /{lng}/form).
 */
export default function DemoPage() {
  const { t } = useTranslation(['landing', 'common']);
  const lng = useLanguage();
  const search = useSearch();
  const prefill = useMemo(() => parseLandingSearch(search), [search]);
  const timeZone = useMemo(() => currentTimeZone(Intl.DateTimeFormat().resolvedOptions().timeZone), []);
  // The days, times and zone shown come from the visitor's clock and zone: none in the prerendered
  // page (the build's would be stale and another zone's), drawn once React has taken the page over.
  const browser = useBrowserValues();
  const days = useMemo(() => (browser ? slotDays(new Date()) : []), [browser]);
  const { values, set, touch, errors, attach, day, chooseDay, pending, failure, booked, bookAnother, preload, book } = useDemoBooking({ prefill, firstDay: days[0]?.key ?? '', timeZone, lng, t });

  if (booked) return <DemoBooked booked={booked} lng={lng} onAnother={bookAnother} />;

  return (
    <LandingLayout>
      <div className={styles.hero}>
        <section className={styles.pitch} aria-labelledby="demo-title">
          <Heading id="demo-title">{t('demo.title')}</Heading>
          <Text size="lead" tone="muted">
            {t('demo.subtitle')}
          </Text>
          <Facts items={['demo', 'onboarding', 'trial', 'moneyBack']} />
          <DemoApplyCard values={values} lng={lng} />
        </section>
        <Card>
          {/* method="dialog": served prerendered, a submit before the code runs never sends the fields in the address. */}
          <form ref={attach} method="dialog" className={styles.form} noValidate onSubmit={(event) => void book('scheduled', event)} onFocus={preload} onPointerDown={preload} aria-busy={pending !== null || undefined}>
            <Heading level={2}>{t('demo.contactTitle')}</Heading>
            <TextField label={t('fields.email')} type="email" name="email" autoComplete="email" value={values.email} error={errors.email} required aria-required="true" onBlur={() => touch('email')} onChange={(e) => set('email', e.target.value)} />
            <div className={styles.nameRow}>
              <TextField label={t('fields.firstName')} name="firstName" autoComplete="given-name" value={values.firstName} error={errors.firstName} required aria-required="true" onBlur={() => touch('firstName')} onChange={(e) => set('firstName', e.target.value)} />
              <TextField label={t('fields.lastName')} name="lastName" autoComplete="family-name" value={values.lastName} error={errors.lastName} required aria-required="true" onBlur={() => touch('lastName')} onChange={(e) => set('lastName', e.target.value)} />
            </div>
            <TextField label={t('fields.companyName')} name="companyName" autoComplete="organization" value={values.companyName} error={errors.companyName} required aria-required="true" onBlur={() => touch('companyName')} onChange={(e) => set('companyName', e.target.value)} />
            <PhoneField label={t('fields.phone')} name="phone" defaultValue={values.phone} error={errors.phone} onBlur={() => touch('phone')} onChange={(phone) => set('phone', phone.value)} />
            <Heading level={3}>{t('demo.slotTitle')}</Heading>
            <DemoSlotFields days={days} day={day} time={values.slot} timeZone={browser ? timeZone : ''} error={errors.slot} onDay={chooseDay} onTime={(slot) => set('slot', slot)} onLeave={() => touch('slot')} />
            <TextAreaField label={t('demo.message')} name="message" rows={3} maxLength={2000} value={values.message} onChange={(e) => set('message', e.target.value)} />
            {failure ? <Alert tone="critical">{failure}</Alert> : null}
            <Button type="submit" tone="primary" block loading={pending === 'scheduled'} disabled={pending !== null}>
              {t('demo.book')}
            </Button>
            <section className={styles.quickStart} aria-labelledby="call-now-title">
              <Heading level={3} id="call-now-title">
                {t('demo.callNowTitle')}
              </Heading>
              <Text tone="muted">{t('demo.callNowBody')}</Text>
              <Button tone="secondary" block loading={pending === 'call-now'} disabled={pending !== null} onClick={() => void book('call-now')}>
                {t('demo.callNow')}
              </Button>
            </section>
          </form>
        </Card>
      </div>
    </LandingLayout>
  );
}

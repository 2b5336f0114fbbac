import { useLayoutEffect, useMemo, useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearch } from 'wouter';
import { IntentLink as Link } from '../../app/IntentLink';
import { ApiError, apiRequest } from '../../app/api-client';
import { paths, withSearch } from '../../../core/routes/paths';
import { useLanguage } from '../../app/use-language';
import { parseLandingSearch, type Booking, type BookingKind } from '../../../core/contracts/signup';
import { preloadSignupForms, signupForms } from '../../../core/contracts/signup.lazy';
import { defaultCountryCode } from '../../lib/countries';
import { currentTimeZone } from '../../lib/time-zones';
import { formatDate, formatDateTime, formatTime } from '../../../core/format-date';
import { Alert } from '../../ui/Alert';
import { Box } from '../../ui/Box';
import { Button } from '../../ui/Button';
import { button } from '../../ui/Button.css';
import { Card } from '../../ui/Card';
import { SelectField, TextAreaField, TextField } from '../../ui/Field';
import { Heading, Text } from '../../ui/Text';
import { initialPhoneValue, loadPhoneFormat, phoneFormat } from '../phone-input/phone-format.lazy';
import { PhoneField } from '../phone-input/PhoneField';
import { slotDays } from './demo-slots';
import { focusFirstInvalid } from './focus';
import * as styles from './Landing.css';
import { Facts, LandingLayout } from './LandingLayout';

type Field = 'email' | 'firstName' | 'lastName' | 'companyName' | 'phone' | 'slot';

/**
 * /{lng}/demo: book a call of under 20 minutes with a founder (a preferred slot, stored by
 * POST /v1/bookings and listed for the team at /admin/bookings), or the two quick-starts: 'call now'
 * (a founder calls back right away) and 'apply' (sign up now, on /{lng}/form).
 */
export default function DemoPage() {
  const { t, i18n } = useTranslation(['landing', 'common']);
  const lng = useLanguage();
  const search = useSearch();
  const prefill = useMemo(() => parseLandingSearch(search), [search]);
  const timeZone = useMemo(() => currentTimeZone(Intl.DateTimeFormat().resolvedOptions().timeZone), []);
  const days = useMemo(() => slotDays(new Date()), []);
  const [values, setValues] = useState({
    email: prefill.email ?? '',
    firstName: prefill.first_name ?? '',
    lastName: prefill.last_name ?? '',
    companyName: prefill.company_name ?? '',
    phone: initialPhoneValue(prefill.phone_number, defaultCountryCode()),
    message: '',
  });
  const [day, setDay] = useState(days[0]?.key ?? '');
  const [time, setTime] = useState('');
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});
  const [pending, setPending] = useState<BookingKind | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const [booked, setBooked] = useState<Booking | null>(null);
  // One id per booking attempt: a double click or a retry after a lost answer stores one booking.
  const [requestId, setRequestId] = useState(() => crypto.randomUUID());
  const formRef = useRef<HTMLFormElement>(null);

  const times = days.find((d) => d.key === day)?.times ?? [];

  function set(field: keyof typeof values, value: string) {
    setValues((current) => ({ ...current, [field]: value }));
  }

  // The booking schema (zod, the full phone metadata) and the phone formatter are not part of the
  // first render: a booking made before they arrive waits for them, then runs with the values the
  // phone field reported on their arrival (latestBook).
  const latestBook = useRef<typeof book>(null);
  useLayoutEffect(() => {
    latestBook.current = book;
  });
  const preload = () => void Promise.all([preloadSignupForms(), loadPhoneFormat()]).catch(() => undefined);

  async function book(kind: BookingKind, event?: FormEvent) {
    event?.preventDefault();
    if (pending) return;
    const forms = signupForms();
    if (!forms || !phoneFormat()) {
      const ready = await Promise.all([preloadSignupForms(), loadPhoneFormat()]).then(
        () => true,
        () => false,
      );
      if (ready) await latestBook.current?.(kind);
      return;
    }
    const { bookingRequestSchema } = forms;
    const request = {
      requestId,
      kind,
      email: values.email,
      firstName: values.firstName,
      lastName: values.lastName,
      companyName: values.companyName,
      phone: values.phone,
      slot: kind === 'scheduled' && time ? time : undefined,
      timeZone,
      message: values.message || undefined,
      language: lng,
    };
    const parsed = bookingRequestSchema.safeParse(request);
    if (!parsed.success) {
      const found: Partial<Record<Field, string>> = {};
      for (const issue of parsed.error.issues) found[issue.path[0] as Field] ??= t(issue.message, { ns: 'common' });
      setErrors(found);
      focusFirstInvalid(formRef.current);
      return;
    }
    setErrors({});
    setFailure(null);
    setPending(kind);
    try {
      setBooked(await apiRequest<Booking>('/v1/bookings', { method: 'POST', body: parsed.data, anonymous: true }));
    } catch (error) {
      const code = error instanceof ApiError ? (error.status === 429 ? 'RATE_LIMITED' : error.code) : 'UNKNOWN_ERROR';
      if (code === 'SLOT_IN_PAST' || code === 'SLOT_TOO_FAR') setErrors({ slot: t(`demo.errors.${code}`) });
      else setFailure(t([`demo.errors.${code}`, 'demo.errors.generic'], { code }));
    } finally {
      setPending(null);
    }
  }

  if (booked) {
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
            <Button
              tone="secondary"
              onClick={() => {
                setBooked(null);
                setRequestId(crypto.randomUUID());
              }}
            >
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

  const applyHref = withSearch(paths.form.build(lng), {
    email: values.email,
    first_name: values.firstName,
    last_name: values.lastName,
    company_name: values.companyName,
    phone_number: values.phone,
  });

  return (
    <LandingLayout>
      <div className={styles.hero}>
        <section className={styles.pitch} aria-labelledby="demo-title">
          <Heading id="demo-title">{t('demo.title')}</Heading>
          <Text size="lead" tone="muted">
            {t('demo.subtitle')}
          </Text>
          <Facts items={['demo', 'onboarding', 'trial', 'moneyBack']} />
          <Card elevation="flat">
            <Heading level={2}>{t('demo.applyTitle')}</Heading>
            <Text tone="muted">{t('demo.applyBody')}</Text>
            <div>
              <Link href={applyHref} className={button({ tone: 'secondary' })}>
                {t('demo.apply')}
              </Link>
            </div>
          </Card>
        </section>
        <Card>
          <form ref={formRef} className={styles.form} noValidate onSubmit={(event) => void book('scheduled', event)} onFocus={preload} onPointerDown={preload} aria-busy={pending !== null || undefined}>
            <Heading level={2}>{t('demo.contactTitle')}</Heading>
            <TextField label={t('fields.email')} type="email" name="email" autoComplete="email" value={values.email} error={errors.email} required aria-required="true" onChange={(e) => set('email', e.target.value)} />
            <div className={styles.nameRow}>
              <TextField label={t('fields.firstName')} name="firstName" autoComplete="given-name" value={values.firstName} error={errors.firstName} required aria-required="true" onChange={(e) => set('firstName', e.target.value)} />
              <TextField label={t('fields.lastName')} name="lastName" autoComplete="family-name" value={values.lastName} error={errors.lastName} required aria-required="true" onChange={(e) => set('lastName', e.target.value)} />
            </div>
            <TextField label={t('fields.companyName')} name="companyName" autoComplete="organization" value={values.companyName} error={errors.companyName} required aria-required="true" onChange={(e) => set('companyName', e.target.value)} />
            <PhoneField label={t('fields.phone')} name="phone" defaultValue={values.phone} error={errors.phone} onChange={(phone) => set('phone', phone.value)} />
            <Heading level={3}>{t('demo.slotTitle')}</Heading>
            <Box display="grid" gap="medium">
              <SelectField
                label={t('demo.day')}
                name="day"
                value={day}
                onChange={(e) => {
                  setDay(e.target.value);
                  setTime('');
                }}
              >
                {days.map((d) => (
                  <option key={d.key} value={d.key}>
                    {formatDate(d.date, i18n.language, 'weekday')}
                  </option>
                ))}
              </SelectField>
              <SelectField label={t('demo.time')} name="time" value={time} error={errors.slot} hint={t('demo.timeZone', { zone: timeZone })} required aria-required="true" onChange={(e) => setTime(e.target.value)}>
                <option value="">—</option>
                {times.map((at) => (
                  <option key={at.toISOString()} value={at.toISOString()}>
                    {formatTime(at, i18n.language)}
                  </option>
                ))}
              </SelectField>
            </Box>
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

/** The booked number as its reader dials it (the formatter is here: the booking waited for it). */
function bookedPhone(e164: string): string {
  return phoneFormat()?.formatPhone(e164, defaultCountryCode()) ?? e164;
}

import type { TFunction } from 'i18next';
import { useLayoutEffect, useRef, useState, type FormEvent } from 'react';
import type { Booking, BookingKind, LandingSearch } from '../../../core/contracts/signup';
import { preloadSignupForms, signupForms } from '../../../core/contracts/signup.lazy';
import type { Language } from '../../../core/routes/languages';
import { ApiError, apiRequest } from '../../platform/api-client';
import { defaultCountryCode } from '../../lib/countries';
import { initialPhoneValue, loadPhoneFormat, phoneFormat } from '../../ui/phone-input/phone-format.lazy';
import { focusFirstInvalid } from './focus';
import { firstErrorPerField } from './form-errors';

export type DemoField = 'email' | 'firstName' | 'lastName' | 'companyName' | 'phone' | 'slot';
export interface DemoValues {
  email: string;
  firstName: string;
  lastName: string;
  companyName: string;
  phone: string;
  message: string;
}

/**
 * The demo page's values: the contact fields (the address's prefill first), the message, and the
 * chosen day and time (a new day clears the time).
 */
export function useDemoValues(prefill: Partial<LandingSearch>, firstDay: string) {
  const [values, setValues] = useState<DemoValues>({
    email: prefill.email ?? '',
    firstName: prefill.first_name ?? '',
    lastName: prefill.last_name ?? '',
    companyName: prefill.company_name ?? '',
    phone: initialPhoneValue(prefill.phone_number, defaultCountryCode()),
    message: '',
  });
  const [day, setDay] = useState(firstDay);
  const [time, setTime] = useState('');

  function set(field: keyof DemoValues, value: string) {
    setValues((current) => ({ ...current, [field]: value }));
  }

  function chooseDay(next: string) {
    setDay(next);
    setTime('');
  }

  return { values, set, day, chooseDay, time, setTime };
}

interface DemoBookingInput {
  values: DemoValues;
  time: string;
  timeZone: string;
  lng: Language;
  t: TFunction;
}

/**
 * The demo page's booking of the values: the errors, which of the two bookings is being sent, the
 * failure, and the booking made. POST /v1/bookings.
 */
export function useDemoBooking({ values, time, timeZone, lng, t }: DemoBookingInput) {
  const [errors, setErrors] = useState<Partial<Record<DemoField, string>>>({});
  const [pending, setPending] = useState<BookingKind | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const [booked, setBooked] = useState<Booking | null>(null);
  // One id per booking attempt: a double click or a retry after a lost answer stores one booking.
  const [requestId, setRequestId] = useState(() => crypto.randomUUID());
  const formRef = useRef<HTMLFormElement>(null);

  function bookAnother() {
    setBooked(null);
    setRequestId(crypto.randomUUID());
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
    const parsed = forms.bookingRequestSchema.safeParse({
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
    });
    if (!parsed.success) {
      setErrors(firstErrorPerField<DemoField>(parsed.error.issues, (key) => t(key, { ns: 'common' })));
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

  return { errors, pending, failure, booked, bookAnother, formRef, preload, book };
}

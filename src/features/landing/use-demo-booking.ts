import type { TFunction } from 'i18next';
import { useState, type FormEvent } from 'react';
import type { Booking, BookingKind, BookingRequest, bookingErrorCodes, LandingSearch } from '../../../core/contracts/signup';
import { preloadSignupForms, signupForms } from '../../../core/contracts/signup.lazy';
import type { Language } from '../../../core/routes/languages';
import { ApiError, apiRequest } from '../../platform/api-client';
import { defaultCountryCode } from '../../lib/countries';
import { useForm } from '../../lib/form/use-form';
import { initialPhoneValue, loadPhoneFormat, phoneFormat } from '../../ui/phone-input/phone-format.lazy';

export interface DemoValues {
  email: string;
  firstName: string;
  lastName: string;
  companyName: string;
  phone: string;
  message: string;
  /** The chosen time (an ISO instant), '' until chosen. */
  slot: string;
}

/** The server's refusals that are about the slot: said under it; the others above the button. */
const demoCodes = { SLOT_IN_PAST: 'slot', SLOT_TOO_FAR: 'slot' } as const satisfies Partial<Record<(typeof bookingErrorCodes)[number], keyof DemoValues>>;

/** The booking schema (zod, the full phone metadata) and the phone formatter: on intent, not in the first render. */
const loadChecks = () => Promise.all([preloadSignupForms(), loadPhoneFormat()]);

/** What the booking schema parses for a booking of this kind (a call now has no slot). */
function bookingOf(values: DemoValues, booking: { requestId: string; kind: BookingKind; timeZone: string; language: Language }) {
  const { slot, message, ...contact } = values;
  return { ...booking, ...contact, slot: booking.kind === 'scheduled' && slot ? slot : undefined, message: message || undefined };
}

interface DemoBookingInput {
  prefill: Partial<LandingSearch>;
  /** The first day offered: chosen until the visitor picks one ('' while the days are not known yet). */
  firstDay: string;
  timeZone: string;
  lng: Language;
  t: TFunction;
}

/**
 * The demo page's form on the one form habit (src/lib/form): the contact fields (the address's
 * prefill first), the message and the slot (a new day clears it), parsed by the booking schema the
 * server parses with, which of the two bookings is being sent, the failure, and the booking made.
 * POST /v1/bookings.
 */
export function useDemoBooking({ prefill, firstDay, timeZone, lng, t }: DemoBookingInput) {
  // One id per booking attempt: a double click or a retry after a lost answer stores one booking.
  const [requestId, setRequestId] = useState(() => crypto.randomUUID());
  const form = useForm({
    initial: () => ({
      email: prefill.email ?? '',
      firstName: prefill.first_name ?? '',
      lastName: prefill.last_name ?? '',
      companyName: prefill.company_name ?? '',
      phone: initialPhoneValue(prefill.phone_number, defaultCountryCode()),
      message: '',
      slot: '',
    }),
    schema: () => signupForms()?.bookingRequestSchema,
    message: (key) => (key.startsWith('validation.') ? t(key, { ns: 'common' }) : t(`demo.errors.${key}`)),
    codes: demoCodes,
  });
  const [chosenDay, setDay] = useState<string | null>(null);
  const day = chosenDay ?? firstDay;
  const [pending, setPending] = useState<BookingKind | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const [booked, setBooked] = useState<Booking | null>(null);

  function chooseDay(next: string) {
    setDay(next);
    form.set('slot', '');
  }

  function bookAnother() {
    setBooked(null);
    setRequestId(crypto.randomUUID());
  }

  async function post(kind: BookingKind, booking: BookingRequest) {
    setFailure(null);
    setPending(kind);
    try {
      setBooked(await apiRequest<Booking>('/v1/bookings', { method: 'POST', body: booking, anonymous: true }));
    } catch (error) {
      const code = error instanceof ApiError ? (error.status === 429 ? 'RATE_LIMITED' : error.code) : 'UNKNOWN_ERROR';
      if (!form.fail(code)) setFailure(t([`demo.errors.${code}`, 'demo.errors.generic'], { code }));
    } finally {
      setPending(null);
    }
  }

  // A booking made before the schema and the formatter arrived waits for them, then runs with the
  // values the phone field reported on their arrival (the form re-submits itself).
  async function book(kind: BookingKind, event?: FormEvent) {
    event?.preventDefault();
    if (pending) return;
    if (!signupForms() || !phoneFormat()) {
      const element = form.root();
      const ready = await loadChecks().then(
        () => true,
        () => false,
      );
      if (ready && element?.isConnected) await book(kind);
      return;
    }
    await form.submit((booking) => post(kind, booking), (values) => bookingOf(values, { requestId, kind, timeZone, language: lng }));
  }

  return {
    values: form.values,
    set: form.set,
    touch: form.touch,
    errors: form.errors,
    attach: form.attach,
    day,
    chooseDay,
    pending,
    failure,
    booked,
    bookAnother,
    preload: () => void loadChecks().catch(() => undefined),
    book,
  };
}

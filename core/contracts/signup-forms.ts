import { z } from 'zod';
import { EMAIL_MAX_LENGTH, EMAIL_PATTERN } from '../email/email-address';
import { isValidE164 } from '../phone/parse';

/**
 * The sign-up fields (start page, /form, /demo, /email-form) and the demo booking, validated by the
 * same schemas in the browser and on the server. Error messages are translation keys of the
 * `common` namespace (locales/{en,fr}/common.json `validation.*`), so a failed parse renders as
 * 'This field is required', 'Invalid email address', 'Invalid phone number' in the page language.
 *
 * Imported through signup.ts. The browser loads this module (zod's chained API and the full phone
 * metadata) when a form is about to be submitted (core/contracts/signup.lazy.ts), not for the first
 * render.
 */
export const validationMessages = {
  required: 'validation.required',
  invalidEmail: 'validation.invalidEmail',
  invalidPhone: 'validation.invalidPhone',
  noCountry: 'validation.noCountry',
} as const;
export type ValidationMessage = (typeof validationMessages)[keyof typeof validationMessages];

/** Trimmed, non-empty text with an upper bound (bounds stop megabyte names reaching the database). */
export const requiredText = (max: number) =>
  z
    .string({ error: validationMessages.required })
    .trim()
    .min(1, { error: validationMessages.required })
    .max(max, { error: validationMessages.required });

export const emailField = z
  .string({ error: validationMessages.required })
  .trim()
  .min(1, { error: validationMessages.required })
  .max(EMAIL_MAX_LENGTH, { error: validationMessages.invalidEmail })
  .pipe(z.email({ pattern: EMAIL_PATTERN, error: validationMessages.invalidEmail }));

/** A phone number in E.164 ('+33612345678') that the one phone rule (core/phone/parse.ts) accepts. */
export const phoneField = z
  .string({ error: validationMessages.required })
  .trim()
  .min(1, { error: validationMessages.required })
  .refine(isValidE164, { error: validationMessages.invalidPhone });

export const countryCodeField = z.string().regex(/^[A-Z]{2}$/, { error: validationMessages.noCountry });

/** Start page, /form and /demo: work email, first name, last name, company name, phone number. */
export const signupSchema = z.object({
  email: emailField,
  firstName: requiredText(100),
  lastName: requiredText(100),
  companyName: requiredText(200),
  phone: phoneField,
});
export type Signup = z.infer<typeof signupSchema>;

/** /email-form: the address only. */
export const emailSignupSchema = z.object({ email: emailField });
export type EmailSignup = z.infer<typeof emailSignupSchema>;

/**
 * /sign-in-otp (#38.3): who the code goes to, a phone or an email, by the same field rules as the
 * sign-up (the auth service's own: core/phone/parse, core/email/email-address). The email is kept
 * lower-cased, as the auth service keys it.
 */
export const signInSchema = z.discriminatedUnion('method', [
  z.object({ method: z.literal('phone'), phone: phoneField }),
  z.object({ method: z.literal('email'), email: emailField.transform((email) => email.toLowerCase()) }),
]);
export type SignIn = z.infer<typeof signInSchema>;

/** The two-step manager's phone (#38.3): the number a second-step code is texted to, by the sign-up's phone rule. */
export const twoStepPhoneSchema = z.object({ phone: phoneField });

/** Which landing page an account came from (saved in the user's data as `landing_page`). */
export const landingPages = ['start', 'form', 'demo', 'email-form'] as const;
export type LandingPage = (typeof landingPages)[number];

/* ------------------------------------------------------------------------------------------------ */
/* One account per person: POST /v1/signup/check (public), POST /v1/signup/complete (signed in).    */

/** Before any code is sent: the email and phone the visitor typed. */
export const signupCheckRequestSchema = z.object({ email: emailField, phone: phoneField.optional() }).strict();
export type SignupCheckRequest = z.infer<typeof signupCheckRequestSchema>;

/**
 * What the sign-up should do. `new`: nobody signs in with this email or phone yet. `returning`: the
 * code goes to an address that already signs in to an account (the phone, or on /email-form the
 * email); after the code the visitor is in that account with nothing overwritten. `emailTaken`: the
 * email signs in to another account than the phone would: said before any code is sent. Only a
 * proven (confirmed) email counts: an unconfirmed claim never blocks anyone (decision 103).
 * `emailClaimed` (/email-form only): the email was given at another sign-up with a phone and not
 * confirmed yet; the visitor is told how to reach that account and may still go on.
 */
export const signupOutcomes = ['new', 'returning', 'emailTaken', 'emailClaimed'] as const;
export const signupCheckResultSchema = z.object({ outcome: z.enum(signupOutcomes) });
export type SignupCheckResult = z.infer<typeof signupCheckResultSchema>;

/** After the code: what the form gave. Written only into an account that has no sign-up yet. */
export const signupCompleteRequestSchema = z
  .object({
    email: emailField,
    firstName: requiredText(100).optional(),
    lastName: requiredText(100).optional(),
    companyName: requiredText(200).optional(),
    landingPage: z.enum(landingPages),
    /** The saved custom_code and utm_* values. */
    tracking: z.record(z.string().max(40), z.string().max(254)).optional(),
  })
  .strict();
export type SignupCompleteRequest = z.infer<typeof signupCompleteRequestSchema>;

export const signupCompleteResultSchema = z.object({
  /** True when the account already had a sign-up: nothing was written. */
  returning: z.boolean(),
  /** True when the email is not yet proven for this account: a confirmation should be sent. */
  emailNeedsConfirmation: z.boolean(),
});
export type SignupCompleteResult = z.infer<typeof signupCompleteResultSchema>;

/* ------------------------------------------------------------------------------------------------ */
/* Demo bookings: POST /v1/bookings (public), GET /admin/bookings (team).                            */

export const bookingKinds = ['scheduled', 'call-now', 'apply'] as const;
export const bookingKindSchema = z.enum(bookingKinds);
export type BookingKind = z.infer<typeof bookingKindSchema>;

/** Half-hour slots offered by the demo page, in the visitor's own time zone. */
export const bookingSlotMinutes = 30;

export const bookingRequestSchema = z
  .object({
    /** Generated once per form by the browser: a double click or a retry stores one booking. */
    requestId: z.uuid(),
    kind: bookingKindSchema,
    email: emailField,
    firstName: requiredText(100),
    lastName: requiredText(100),
    companyName: requiredText(200),
    phone: phoneField,
    /** ISO instant of the preferred slot; required for a scheduled call. */
    slot: z.iso.datetime({ offset: true, error: validationMessages.required }).optional(),
    /** The visitor's IANA time zone, so the founder sees the slot as the visitor chose it. */
    timeZone: z.string().trim().min(1).max(64).optional(),
    message: z.string().trim().max(2000).optional(),
    language: z.enum(['en', 'fr']).default('en'),
  })
  .strict()
  .refine((booking) => booking.kind !== 'scheduled' || booking.slot !== undefined, { path: ['slot'], error: validationMessages.required });
export type BookingRequest = z.infer<typeof bookingRequestSchema>;

export const bookingSchema = z.object({
  id: z.string(),
  kind: bookingKindSchema,
  email: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  companyName: z.string(),
  phone: z.string(),
  slot: z.string().nullable(),
  timeZone: z.string().nullable(),
  message: z.string().nullable(),
  language: z.string(),
  createdAt: z.string(),
});
export type Booking = z.infer<typeof bookingSchema>;

/** How far ahead a call can be booked. */
export const bookingHorizonDays = 60;

/** Error codes of the bookings endpoint (translated by the demo page). */
export const bookingErrorCodes = ['SLOT_IN_PAST', 'SLOT_TOO_FAR', 'BOOKING_CONFLICT'] as const;

import { z } from 'zod';
import { emailAddressSchema } from '../email/email-schema';

/** SPEC §3 "User profile": the known KYC outcomes of the legitimacy check. */
export const kycStatuses = ['VALIDATED', 'REJECTED', 'PENDING_REVIEW'] as const;
export const kycStatusSchema = z.enum(kycStatuses);
export type KycStatus = z.infer<typeof kycStatusSchema>;

/** The role a user gets at next-steps, once a trialing or active subscription exists. */
export const roles = ['owner'] as const;
export const roleSchema = z.enum(roles);
export type Role = z.infer<typeof roleSchema>;

/** `PATCH /v1/user/data` is free-form but bounded: the serialised object stays under this size. */
export const userDataMaxBytes = 16 * 1024;

export const userDataSchema = z.record(z.string().min(1).max(100), z.json());
export type UserData = z.infer<typeof userDataSchema>;

/** GET /v1/user — the onboarding profile fetch (SPEC §4 rules 2–5 read role and kyc_status). */
export const userSchema = z.object({
  id: z.string(),
  role: z.string().nullable(),
  kyc_status: kycStatusSchema.nullable(),
  is_anonymous: z.boolean(),
  profile: z.object({
    first_name: z.string().nullable(),
    last_name: z.string().nullable(),
    email: z.string().nullable(),
    phone: z.string().nullable(),
    /** True when the auth service has confirmed this very number with a code. */
    phone_verified: z.boolean(),
    /**
     * True when this email signs in to the account (proven by its link or code). A given but
     * unproven email is shown with a way to confirm it (decision 103). Absent in older answers.
     */
    email_verified: z.boolean().optional(),
    onboarding_finished_at: z.string().nullable(),
  }),
  data: userDataSchema,
});
export type User = z.infer<typeof userSchema>;

const trimmed = (max: number) => z.string().trim().min(1).max(max);

/**
 * PATCH /v1/user (SPEC §7): optional phone {number}, email, name; an empty body changes nothing.
 * `name` is the full name; `first_name`/`last_name` may be given instead.
 */
export const userUpdateSchema = z
  .object({
    phone: z.object({ number: trimmed(32) }).strict().optional(),
    email: emailAddressSchema.optional(),
    name: trimmed(200).optional(),
    first_name: trimmed(100).optional(),
    last_name: trimmed(100).optional(),
  })
  .strict();
export type UserUpdate = z.infer<typeof userUpdateSchema>;

/** Error codes the user endpoints answer with; the SPA translates these, never the message. */
export const userErrorCodes = ['PHONE_ALREADY_EXISTS', 'EMAIL_ALREADY_EXISTS', 'INVALID_PHONE', 'USER_DATA_TOO_LARGE'] as const;
export type UserErrorCode = (typeof userErrorCodes)[number];

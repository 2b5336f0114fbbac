import { z } from 'zod';

/** `GET /v1/email-kind?email=…`: what kind of address an email is (see core/email/email-kind.ts). */
export const emailKinds = ['work', 'personal', 'disposable', 'invalid'] as const;

export const emailKindQuerySchema = z.object({ email: z.string().max(320) });

export const emailKindResponseSchema = z.object({ kind: z.enum(emailKinds) });
export type EmailKindResponse = z.infer<typeof emailKindResponseSchema>;

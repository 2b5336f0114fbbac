import { z } from 'zod';
import { invalidCredential } from './errors';

/**
 * The browser's credential JSON (WebAuthn Level 3 `toJSON()`, what supabase-js and
 * @simplewebauthn/browser send), bounded before any work: base64url fields only, a few KB each.
 */
const base64url = (max: number) => z.string().min(1).max(max).regex(/^[A-Za-z0-9_-]+={0,2}$/);
const credentialId = base64url(1_366);
const common = {
  id: credentialId,
  rawId: credentialId,
  type: z.literal('public-key'),
  clientExtensionResults: z.record(z.string().max(64), z.unknown()).optional(),
  authenticatorAttachment: z.enum(['platform', 'cross-platform']).optional(),
};

export const registrationCredential = z.object({
  ...common,
  response: z.object({
    clientDataJSON: base64url(4_096),
    attestationObject: base64url(16_384),
    transports: z.array(z.string().max(32)).max(12).optional(),
    authenticatorData: base64url(16_384).optional(),
    publicKey: base64url(4_096).optional(),
    publicKeyAlgorithm: z.number().int().optional(),
  }),
});

export const authenticationCredential = z.object({
  ...common,
  response: z.object({
    clientDataJSON: base64url(4_096),
    authenticatorData: base64url(4_096),
    signature: base64url(1_024),
    userHandle: base64url(256).optional(),
  }),
});

/** Parses the `credential` field, or GoTrue's 400 webauthn_verification_failed "Invalid credential response". */
export function parseCredential<T extends z.ZodType>(schema: T, value: unknown): z.infer<T> {
  const parsed = schema.safeParse(value);
  if (!parsed.success) throw invalidCredential();
  return parsed.data;
}

import { z } from 'zod';
import { EMAIL_MAX_LENGTH, EMAIL_PATTERN } from './email-address';

/** An email address as every payload schema takes it: the one rule of ./email-address, as zod. */
export const emailAddressSchema = z.email({ pattern: EMAIL_PATTERN }).max(EMAIL_MAX_LENGTH);

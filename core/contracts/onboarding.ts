import { z } from 'zod';
import { kycStatusSchema } from './user';

/** 'How big is your company?' — 'Just me' and ranges of people. */
export const businessSizes = ['just-me', '2-10', '11-50', '51-200', '201-1000', '1000+'] as const;
export const businessSizeSchema = z.enum(businessSizes);
export type BusinessSize = z.infer<typeof businessSizeSchema>;

export const industries = [
  'construction',
  'real-estate',
  'consulting',
  'healthcare',
  'legal',
  'finance',
  'retail',
  'software',
  'marketing',
  'education',
  'hospitality',
  'other',
] as const;
export const industrySchema = z.enum(industries);

export const jobRoles = ['founder', 'executive', 'sales', 'support', 'operations', 'it', 'other'] as const;
export const jobRoleSchema = z.enum(jobRoles);

/** Common CRMs offered on the crm step; `none` is 'I don't have a CRM', `other` asks for a name. */
export const crmOptions = [
  { id: 'hubspot', name: 'HubSpot' },
  { id: 'salesforce', name: 'Salesforce' },
  { id: 'pipedrive', name: 'Pipedrive' },
  { id: 'zoho', name: 'Zoho CRM' },
  { id: 'monday', name: 'monday.com' },
  { id: 'close', name: 'Close' },
  { id: 'copper', name: 'Copper' },
  { id: 'freshsales', name: 'Freshsales' },
  { id: 'attio', name: 'Attio' },
  { id: 'folk', name: 'folk' },
  { id: 'dynamics', name: 'Microsoft Dynamics 365' },
  { id: 'sellsy', name: 'Sellsy' },
  { id: 'axonaut', name: 'Axonaut' },
  { id: 'noCRM', name: 'noCRM.io' },
  { id: 'jobber', name: 'Jobber' },
  { id: 'servicetitan', name: 'ServiceTitan' },
] as const;
export const crmIds = ['none', 'other', ...crmOptions.map((option) => option.id)] as const;
export const crmSchema = z.enum(crmIds as unknown as [string, ...string[]]);

const text = (max: number) => z.string().trim().min(1).max(max);

/** A website as typed: a host name with an optional scheme and path ("acme.com", "https://acme.fr/x"). */
export const websiteSchema = z
  .string()
  .trim()
  .max(253)
  .regex(/^(https?:\/\/)?([a-z0-9-]+\.)+[a-z]{2,}(:\d+)?(\/\S*)?$/i, { message: 'Invalid website' });

/** PATCH /v1/business: any subset of the questionnaire; null clears an answer. */
export const businessUpdateSchema = z
  .object({
    size: businessSizeSchema.nullable().optional(),
    company_name: text(200).nullable().optional(),
    website: websiteSchema.nullable().optional(),
    industry: industrySchema.nullable().optional(),
    job_role: jobRoleSchema.nullable().optional(),
    country: z
      .string()
      .regex(/^[A-Z]{2}$/, { message: 'expected a two-letter country code' })
      .nullable()
      .optional(),
    crm: crmSchema.nullable().optional(),
    crm_other: text(100).nullable().optional(),
  })
  .strict();
export type BusinessUpdate = z.infer<typeof businessUpdateSchema>;

/**
 * The details step (#38.3): the PATCH's own rules for company name, website, industry, role and
 * country, each of them required but the website (null when none is given).
 */
export const detailsSchema = businessUpdateSchema.pick({ company_name: true, website: true, industry: true, job_role: true, country: true }).required();

export const businessSchema = z.object({
  size: businessSizeSchema.nullable(),
  company_name: z.string().nullable(),
  website: z.string().nullable(),
  industry: z.string().nullable(),
  job_role: z.string().nullable(),
  country: z.string().nullable(),
  crm: z.string().nullable(),
  crm_other: z.string().nullable(),
  /** SPEC §7: the questionnaire counts as complete only when size and crm are both filled. */
  complete: z.boolean(),
});
export type Business = z.infer<typeof businessSchema>;

export function isBusinessComplete(business: Pick<Business, 'size' | 'crm'> | null | undefined): boolean {
  return Boolean(business?.size && business.crm);
}

/** One explainable rule outcome of the legitimacy check. */
export const legitimacyReasonSchema = z.object({
  rule: z.string(),
  outcome: z.enum(['pass', 'review', 'reject']),
  detail: z.string(),
});
export type LegitimacyReason = z.infer<typeof legitimacyReasonSchema>;

/** POST /v1/user/legitimacy-verification: signals the browser knows; the server re-reads the rest. */
export const legitimacyRequestSchema = z
  .object({
    website: websiteSchema.optional(),
    company_name: text(200).optional(),
  })
  .strict();

export const legitimacyResultSchema = z.object({
  kyc_status: kycStatusSchema,
  reasons: z.array(legitimacyReasonSchema),
});
export type LegitimacyResult = z.infer<typeof legitimacyResultSchema>;

/** /functions/v1/resolve-user: who the access token belongs to. */
export const resolvedUserSchema = z.object({ email: z.string().nullable(), phone: z.string().nullable() });
export type ResolvedUser = z.infer<typeof resolvedUserSchema>;

/** /functions/v1/kyc-status: the KYC status of the account behind an email and phone. */
export const kycLookupRequestSchema = z
  .object({ email: z.string().max(254).nullable().optional(), phone: z.string().max(32).nullable().optional() })
  .strict();
export const kycLookupResultSchema = z.object({ kyc_status: kycStatusSchema.nullable() });

/** POST /v1/onboarding/finish: grants the role when a trialing or active subscription exists. */
export const finishResultSchema = z.object({
  role: z.string(),
  onboarding_finished_at: z.string(),
  first_time: z.boolean(),
});
export type FinishResult = z.infer<typeof finishResultSchema>;

export const onboardingOrigins = ['default', 'email-form', 'form'] as const;
export const onboardingOriginSchema = z.enum(onboardingOrigins);
export type OnboardingOrigin = z.infer<typeof onboardingOriginSchema>;
export const intervals = ['yearly', 'monthly'] as const;
export const plans = ['business', 'starter'] as const;
export type Interval = (typeof intervals)[number];
export type Plan = (typeof plans)[number];

import { websiteSchema } from '../../../../core/contracts/onboarding';
import type { DetailsAnswers } from '../../../../machines/onboarding.types';

/** The details step's fields as typed (select values are '' until chosen). */
export type DetailsValues = { company_name: string; website: string; industry: string; job_role: string; country: string };

/**
 * What is wrong with the typed details, as 'onboarding' message keys: every field but the website is
 * required, and a website, when given, must be one (core/contracts/onboarding websiteSchema).
 */
export function detailsProblems(values: DetailsValues): Partial<Record<keyof DetailsValues, 'errors.required' | 'errors.invalidWebsite'>> {
  const problems: Partial<Record<keyof DetailsValues, 'errors.required' | 'errors.invalidWebsite'>> = {};
  for (const key of ['company_name', 'industry', 'job_role', 'country'] as const) {
    if (!values[key].trim()) problems[key] = 'errors.required';
  }
  if (values.website.trim() && !websiteSchema.safeParse(values.website).success) problems.website = 'errors.invalidWebsite';
  return problems;
}

/** The answers the chart is sent once the details have no problem: trimmed, an empty website as null. */
export function detailsAnswers(values: DetailsValues): DetailsAnswers {
  return {
    company_name: values.company_name.trim(),
    website: values.website.trim() || null,
    industry: values.industry as DetailsAnswers['industry'],
    job_role: values.job_role as DetailsAnswers['job_role'],
    country: values.country,
  };
}

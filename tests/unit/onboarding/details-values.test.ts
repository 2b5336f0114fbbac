import { describe, expect, it } from 'vitest';
import { detailsSchema } from '../../../core/contracts/onboarding';
import { detailsInput, detailsMessageKey, type DetailsValues } from '../../../src/features/onboarding/steps/details-values';

const complete: DetailsValues = { company_name: ' Acme ', website: '', industry: 'construction', job_role: 'founder', country: 'FR' };

/** The details step's check (#38.3): the PATCH's own schema, each refused field in the step's words. */
const problems = (values: DetailsValues) => {
  const parsed = detailsSchema.safeParse(detailsInput(values));
  return parsed.success ? {} : Object.fromEntries(parsed.error.issues.map((issue) => [issue.path[0], detailsMessageKey(issue.path[0] as keyof DetailsValues)]));
};

describe('details step values', () => {
  it('finds no problem in complete details without a website, and sends them trimmed with a null website', () => {
    expect(problems(complete)).toEqual({});
    expect(detailsSchema.parse(detailsInput(complete))).toEqual({ company_name: 'Acme', website: null, industry: 'construction', job_role: 'founder', country: 'FR' });
  });

  it('requires every field but the website (spaces are not an answer)', () => {
    expect(problems({ company_name: '  ', website: '', industry: '', job_role: '', country: '' })).toEqual({
      company_name: 'errors.required',
      industry: 'errors.required',
      job_role: 'errors.required',
      country: 'errors.required',
    });
  });

  it('refuses a website that is not one, and keeps one that is', () => {
    expect(problems({ ...complete, website: 'not a site' })).toEqual({ website: 'errors.invalidWebsite' });
    expect(problems({ ...complete, website: 'acme.fr' })).toEqual({});
    expect(detailsSchema.parse(detailsInput({ ...complete, website: ' acme.fr ' })).website).toBe('acme.fr');
  });

  it('refuses what the server would: an industry or role it does not know', () => {
    expect(problems({ ...complete, industry: 'piracy', job_role: 'owner' })).toEqual({ industry: 'errors.required', job_role: 'errors.required' });
  });
});

import { describe, expect, it } from 'vitest';
import { detailsAnswers, detailsProblems, type DetailsValues } from '../../../src/features/onboarding/steps/details-values';

const complete: DetailsValues = { company_name: ' Acme ', website: '', industry: 'construction', job_role: 'owner', country: 'FR' };

// The details step's own check before it sends the chart 'details.submitted'.
describe('details step values', () => {
  it('finds no problem in complete details without a website, and sends them trimmed with a null website', () => {
    expect(detailsProblems(complete)).toEqual({});
    expect(detailsAnswers(complete)).toEqual({ company_name: 'Acme', website: null, industry: 'construction', job_role: 'owner', country: 'FR' });
  });

  it('requires every field but the website (spaces are not an answer)', () => {
    expect(detailsProblems({ company_name: '  ', website: '', industry: '', job_role: '', country: '' })).toEqual({
      company_name: 'errors.required',
      industry: 'errors.required',
      job_role: 'errors.required',
      country: 'errors.required',
    });
  });

  it('refuses a website that is not one, and keeps one that is', () => {
    expect(detailsProblems({ ...complete, website: 'not a site' })).toEqual({ website: 'errors.invalidWebsite' });
    expect(detailsProblems({ ...complete, website: 'acme.fr' })).toEqual({});
    expect(detailsAnswers({ ...complete, website: ' acme.fr ' }).website).toBe('acme.fr');
  });
});

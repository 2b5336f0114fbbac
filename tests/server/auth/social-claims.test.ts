import { describe, expect, it } from 'vitest';
import { appleUserField, profileOf } from '../../../server/auth/social/claims';

/** Whether a provider vouched for an email decides whether it may reach an account (#35.3): read here only. */
const base = { iss: 'https://issuer.example', sub: 'subject-1', email: 'Person@Example.com' };

describe('provider claims', () => {
  it('Google / OIDC: email_verified true (or "true") only', () => {
    expect(profileOf('google', { ...base, email_verified: true })).toMatchObject({ email: 'person@example.com', emailVerified: true, subject: 'subject-1' });
    expect(profileOf('apple', { ...base, email_verified: 'true' }).emailVerified).toBe(true);
    expect(profileOf('custom', { ...base, email_verified: false }).emailVerified).toBe(false);
    expect(profileOf('custom', { ...base }).emailVerified).toBe(false);
    expect(profileOf('custom', { ...base, email_verified: 'yes please' }).emailVerified).toBe(false);
  });

  it("Microsoft: only xms_edov says the email was verified; its email_verified is not trusted", () => {
    expect(profileOf('azure', { ...base, email_verified: true }).emailVerified).toBe(false);
    expect(profileOf('azure', { ...base, xms_edov: true }).emailVerified).toBe(true);
    expect(profileOf('azure', { ...base, xms_edov: '1' }).emailVerified).toBe(true);
  });

  it('something that is not an address is no email, and never verified', () => {
    expect(profileOf('google', { ...base, email: 'not an email', email_verified: true })).toMatchObject({ email: null, emailVerified: false });
  });

  it("GoTrue's identity_data names; hostile extras dropped; a missing subject refused", () => {
    const { identityData } = profileOf('google', { ...base, email_verified: true, name: 'Ada Lovelace', picture: 'https://img.example/a.png', role: 'admin', app_metadata: { admin: true } });
    expect(identityData).toEqual({
      iss: 'https://issuer.example',
      sub: 'subject-1',
      provider_id: 'subject-1',
      email: 'person@example.com',
      email_verified: true,
      phone_verified: false,
      name: 'Ada Lovelace',
      full_name: 'Ada Lovelace',
      avatar_url: 'https://img.example/a.png',
      picture: 'https://img.example/a.png',
    });
    expect(() => profileOf('google', { iss: 'x', email: 'a@b.c' })).toThrow();
  });

  it("Apple's one-time user field gives the name; anything malformed gives nothing", () => {
    expect(profileOf('apple', { ...base, ...appleUserField('{"name":{"firstName":"Ada","lastName":"Lovelace"}}') }).identityData.full_name).toBe('Ada Lovelace');
    expect(appleUserField('{not json')).toEqual({});
    expect(appleUserField('x'.repeat(5000))).toEqual({});
  });
});

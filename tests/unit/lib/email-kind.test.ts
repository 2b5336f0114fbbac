import { readFileSync } from 'node:fs';
import { describe, expect, it, vi } from 'vitest';
import { buildEmailDomainData, generatedEmailDomainsPath, generatedFreeMailPath } from '../../../src/lib/email-domains.source';
import { classifyEmail, emailDomain } from '../../../core/email/email-kind';
import { classifyEmailLazy } from '../../../src/platform/email-kind.lazy';

/** The free-mail list as the browser downloads it (the committed asset). */
const freeMailAsset = async () => readFileSync(generatedFreeMailPath, 'utf8');

describe('classifyEmail', () => {
  it.each([
    ['jane@acme-plumbing.com', 'work'],
    ['jane@ringwise.io', 'work'],
    ['jane@gmail.com', 'personal'],
    ['JANE@GMAIL.COM', 'personal'],
    ['  jane@outlook.com ', 'personal'],
    ['jean@orange.fr', 'personal'],
    ['jean@laposte.net', 'personal'],
    ['x@mailinator.com', 'disposable'],
    ['x@yopmail.com', 'disposable'],
    ['x@inbox.yopmail.com', 'disposable'],
    ['x@10minutemail.com', 'disposable'],
    ['', 'invalid'],
    ['jane', 'invalid'],
    ['jane@', 'invalid'],
    ['jane@localhost', 'invalid'],
    ['jane@@acme.com', 'invalid'],
  ] as const)('%s is %s', (email, kind) => {
    expect(classifyEmail(email)).toBe(kind);
  });

  it('never looks up a bare top-level domain', () => {
    const lists = { free: new Set(['com']), disposable: new Set(['io']) };
    expect(classifyEmail('a@acme.com', lists)).toBe('work');
    expect(classifyEmail('a@acme.io', lists)).toBe('work');
  });

  it('prefers disposable when a domain is on both lists', () => {
    const lists = { free: new Set(['both.test']), disposable: new Set(['both.test']) };
    expect(classifyEmail('a@both.test', lists)).toBe('disposable');
  });

  it('gives the lower-cased domain of valid addresses only', () => {
    expect(emailDomain('A@Acme.COM')).toBe('acme.com');
    expect(emailDomain('not an email')).toBeNull();
  });

  it('answers free-mail and invalid addresses in the browser, and asks the server about the rest', async () => {
    const asked: string[] = [];
    const server = async (email: string) => (asked.push(email), classifyEmail(email));
    await expect(classifyEmailLazy('jane@gmail.com', server, freeMailAsset)).resolves.toBe('personal');
    await expect(classifyEmailLazy('jane', server, freeMailAsset)).resolves.toBe('invalid');
    expect(asked).toEqual([]);
    await expect(classifyEmailLazy('x@yopmail.com', server, freeMailAsset)).resolves.toBe('disposable');
    await expect(classifyEmailLazy('jane@acme-plumbing.com', server, freeMailAsset)).resolves.toBe('work');
    expect(asked).toEqual(['x@yopmail.com', 'jane@acme-plumbing.com']);
  });

  it('counts an address as work when the server cannot be asked (its identity check still refuses disposables)', async () => {
    await expect(
      classifyEmailLazy(
        'x@yopmail.com',
        async () => {
          throw new Error('offline');
        },
        freeMailAsset,
      ),
    ).resolves.toBe('work');
  });

  it('reports a free-mail list that failed to download once, then downloads it again', async () => {
    vi.resetModules();
    const { classifyEmail: classifyInBrowser, loadFreeMail } = await import('../../../src/platform/email-kind.browser');
    const downloads: string[] = [];
    const flaky = async () => {
      downloads.push('list');
      if (downloads.length === 1) throw new TypeError('Failed to fetch');
      return freeMailAsset();
    };
    const server = async () => 'work' as const;
    // The preload's failure is kept for the classification that follows, which reports it.
    void loadFreeMail(flaky).catch(() => undefined);
    await expect(classifyInBrowser('jane@gmail.com', server, flaky)).rejects.toThrow('Failed to fetch');
    await expect(classifyInBrowser('jane@gmail.com', server, flaky)).resolves.toBe('personal');
    await expect(classifyInBrowser('jean@orange.fr', server, flaky)).resolves.toBe('personal');
    expect(downloads).toEqual(['list', 'list']);
  });
});

describe('generated email-domain lists', () => {
  it('match the installed freemail and mailchecker packages (run `npm run generate:email-domains` if not)', () => {
    const committed = JSON.parse(readFileSync(generatedEmailDomainsPath, 'utf8')) as ReturnType<typeof buildEmailDomainData>;
    const fresh = buildEmailDomainData();
    expect(committed.sources).toEqual(fresh.sources);
    expect(committed.free === fresh.free).toBe(true);
    expect(committed.disposable === fresh.disposable).toBe(true);
    // The browser's copy of the free-mail list (a data asset it fetches).
    expect(readFileSync(generatedFreeMailPath, 'utf8') === `${fresh.free}\n`).toBe(true);
  });

  it('hold thousands of free-mail and over a hundred thousand disposable domains', () => {
    const data = buildEmailDomainData();
    expect(data.free.split('\n').length).toBeGreaterThan(4000);
    expect(data.disposable.split('\n').length).toBeGreaterThan(100_000);
  });
});

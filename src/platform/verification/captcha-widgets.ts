/**
 * The hosted captchas (CAPTCHA_PROVIDER turnstile or hcaptcha): the provider's widget script, loaded
 * from its own site and only in that mode, rendered invisible (it shows a puzzle only when the
 * provider wants one) and asked for one token per send. Nothing here runs with the embedded default
 * (altcha) or offline; the site's Content-Security-Policy must allow the provider's origin
 * (docs/auth.md, "Captcha in the browser").
 */

interface Provider {
  script: string;
  /** Renders the widget into `host` and resolves with one token. */
  token(api: unknown, host: HTMLElement, siteKey: string): Promise<string>;
}

interface TurnstileApi {
  render(host: HTMLElement, options: Record<string, unknown>): string;
  execute(widget: string): void;
  remove(widget: string): void;
}

interface HcaptchaApi {
  render(host: HTMLElement, options: Record<string, unknown>): string;
  execute(widget: string, options: { async: true }): Promise<{ response: string }>;
  remove(widget: string): void;
}

/** Turnstile's token lives 300 s and hCaptcha's 120 s: used well within that, or asked for again. */
const LIFETIME_MS = { turnstile: 300_000, hcaptcha: 120_000 } as const;

const providers: Record<'turnstile' | 'hcaptcha', Provider & { global: string }> = {
  turnstile: {
    script: 'https://challenges.cloudflare.com/turnstile/v0/api.js?render=explicit',
    global: 'turnstile',
    token: (api, host, siteKey) =>
      new Promise((resolve, reject) => {
        const turnstile = api as TurnstileApi;
        const widget = turnstile.render(host, {
          sitekey: siteKey,
          execution: 'execute',
          appearance: 'interaction-only',
          callback: (token: string) => {
            resolve(token);
            turnstile.remove(widget);
          },
          'error-callback': () => {
            reject(new Error('turnstile failed'));
            turnstile.remove(widget);
          },
        });
        turnstile.execute(widget);
      }),
  },
  hcaptcha: {
    script: 'https://js.hcaptcha.com/1/api.js?render=explicit',
    global: 'hcaptcha',
    async token(api, host, siteKey) {
      const hcaptcha = api as HcaptchaApi;
      const widget = hcaptcha.render(host, { sitekey: siteKey, size: 'invisible' });
      try {
        return (await hcaptcha.execute(widget, { async: true })).response;
      } finally {
        hcaptcha.remove(widget);
      }
    },
  },
};

const scripts = new Map<string, Promise<void>>();

function loadScript(src: string): Promise<void> {
  let loading = scripts.get(src);
  if (!loading) {
    loading = new Promise<void>((resolve, reject) => {
      const script = document.createElement('script');
      script.src = src;
      script.async = true;
      script.onload = () => resolve();
      script.onerror = () => reject(new Error(`${src} did not load`));
      document.head.append(script);
    });
    // A failed load is tried again on the next send.
    loading.catch(() => scripts.delete(src));
    scripts.set(src, loading);
  }
  return loading;
}

/** One token from the hosted provider, with when it stops being accepted. */
export async function widgetToken(name: 'turnstile' | 'hcaptcha', siteKey: string): Promise<{ token: string; expiresAt: number }> {
  const provider = providers[name];
  await loadScript(provider.script);
  const api = (window as unknown as Record<string, unknown>)[provider.global];
  if (!api) throw new Error(`${name} did not start`);
  const host = document.createElement('div');
  document.body.append(host);
  try {
    return { token: await provider.token(api, host, siteKey), expiresAt: Date.now() + LIFETIME_MS[name] };
  } finally {
    host.remove();
  }
}

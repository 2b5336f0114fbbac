import type { Transporter } from 'nodemailer';
import type { Env } from '../config/env';

export interface OutgoingMessage {
  channel: 'sms' | 'email';
  recipient: string;
  subject: string | null;
  body: string;
}

/** Sends a message for real (production). Throws on failure. */
export interface DeliveryAdapter {
  send(message: OutgoingMessage): Promise<void>;
}

/** SMS through Twilio's REST wire format (Messages.json, form-encoded, basic auth). */
export class TwilioSmsAdapter implements DeliveryAdapter {
  constructor(
    private readonly options: { accountSid: string; authToken: string; from: string; apiUrl?: string | undefined },
    private readonly fetchImpl: typeof fetch = fetch,
  ) {}

  async send(message: OutgoingMessage): Promise<void> {
    const base = (this.options.apiUrl ?? 'https://api.twilio.com').replace(/\/$/, '');
    const url = `${base}/2010-04-01/Accounts/${encodeURIComponent(this.options.accountSid)}/Messages.json`;
    const form = new URLSearchParams({ To: message.recipient, From: this.options.from, Body: message.body });
    const response = await this.fetchImpl(url, {
      method: 'POST',
      headers: {
        authorization: `Basic ${Buffer.from(`${this.options.accountSid}:${this.options.authToken}`).toString('base64')}`,
        'content-type': 'application/x-www-form-urlencoded',
        accept: 'application/json',
      },
      body: form,
      signal: AbortSignal.timeout(10_000),
    });
    if (!response.ok) {
      const detail = (await response.json().catch(() => null)) as { code?: number; message?: string } | null;
      throw new Error(`Twilio answered ${response.status}${detail?.code ? ` (code ${detail.code})` : ''}`);
    }
  }
}

/**
 * Email through SMTP with nodemailer, loaded with the first email (~4 MB of heap a server that sends
 * none, or none yet, need not hold; #16).
 */
export class SmtpEmailAdapter implements DeliveryAdapter {
  private transport: Promise<Transporter> | undefined;

  constructor(
    private readonly urlOrTransport: string | Transporter,
    private readonly from: string,
  ) {}

  private connect(): Promise<Transporter> {
    const target = this.urlOrTransport;
    this.transport ??= typeof target === 'string' ? import('nodemailer').then((module) => module.default.createTransport(target)) : Promise.resolve(target);
    return this.transport;
  }

  async send(message: OutgoingMessage): Promise<void> {
    const transport = await this.connect();
    await transport.sendMail({ from: this.from, to: message.recipient, subject: message.subject ?? '', text: message.body });
  }
}

/** The production adapters configured by the environment (none outside production: the dev outbox). */
export function adaptersFromEnv(env: Env): { sms: DeliveryAdapter | null; email: DeliveryAdapter | null } {
  const sms =
    env.TWILIO_ACCOUNT_SID && env.TWILIO_AUTH_TOKEN && env.TWILIO_FROM
      ? new TwilioSmsAdapter({ accountSid: env.TWILIO_ACCOUNT_SID, authToken: env.TWILIO_AUTH_TOKEN, from: env.TWILIO_FROM, apiUrl: env.TWILIO_API_URL })
      : null;
  const email = env.SMTP_URL ? new SmtpEmailAdapter(env.SMTP_URL, env.SMTP_FROM ?? 'Ringwise <no-reply@localhost>') : null;
  return { sms, email };
}

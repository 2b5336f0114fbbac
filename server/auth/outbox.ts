import type { FastifyBaseLogger } from 'fastify';
import { AuthApiError } from './errors';
import type { DeliveryAdapter, OutgoingMessage } from './delivery';
import type { AuthService } from './service';
import { phoneCountry } from '../../core/phone/parse';
import { traced } from '../observability/tracing';

/**
 * Every message goes through here: written to auth_outbox (channel, recipient, text, time). Outside
 * production the row also keeps the code for the dev outbox and the log prints it (with the row's id,
 * not the recipient); in production
 * the adapter sends it and neither the code nor an emailed link's token is stored in clear (a row
 * read from a backup or by an operator must not sign anyone in).
 */
export async function deliver(
  service: AuthService,
  adapters: { sms: DeliveryAdapter | null; email: DeliveryAdapter | null },
  log: FastifyBaseLogger,
  message: OutgoingMessage & { code: string; linkToken?: string | null },
): Promise<void> {
  const production = service.env.NODE_ENV === 'production';
  const now = service.now();
  const row = await service.db
    .insertInto('auth_outbox')
    .values({
      channel: message.channel,
      recipient: message.recipient,
      subject: message.subject,
      body: production ? redact(message.body, [message.code, message.linkToken]) : message.body,
      code: production ? null : message.code,
      created_at: now,
      // The dev outbox is the delivery: written is sent (one statement, not an insert and an update).
      sent_at: production ? null : now,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  if (!production) {
    // Development convenience only (the dev outbox); production logs never carry codes. The log names
    // the outbox row, never the address or number (#41): an erasure deletes the row, not a log line.
    log.info({ channel: message.channel, outboxId: row.id, code: message.code }, 'dev outbox: message written');
    countSent(service, message);
    return;
  }
  const adapter = adapters[message.channel];
  if (!adapter) throw providerDisabled(message.channel);
  try {
    // The span names the channel, never the recipient.
    await traced(`${message.channel}.send`, { 'messaging.system': message.channel === 'sms' ? 'twilio' : 'smtp' }, () =>
      adapter.send({ channel: message.channel, recipient: message.recipient, subject: message.subject, body: message.body }),
    );
    countSent(service, message);
    await service.db.updateTable('auth_outbox').set({ sent_at: service.now() }).where('id', '=', row.id).execute();
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    await service.db.updateTable('auth_outbox').set({ error: reason.slice(0, 500) }).where('id', '=', row.id).execute();
    log.error({ channel: message.channel, err: reason }, 'message delivery failed');
    if (message.channel === 'sms') throw new AuthApiError(422, 'sms_send_failed', 'Error sending sms OTP');
    throw new AuthApiError(500, 'unexpected_failure', 'Error sending magic link email');
  }
}

/** auth_codes_sent_total: texts by the number's country (a bounded set), emails as 'email'. */
function countSent(service: AuthService, message: OutgoingMessage): void {
  const country = message.channel === 'sms' ? (phoneCountry(message.recipient) ?? 'unknown') : 'email';
  service.metrics?.codesSent.inc({ channel: message.channel, country });
}

export function providerDisabled(channel: 'sms' | 'email'): AuthApiError {
  return channel === 'sms'
    ? new AuthApiError(400, 'phone_provider_disabled', 'Unsupported phone provider')
    : new AuthApiError(422, 'email_provider_disabled', 'Email logins are disabled');
}

function redact(body: string, secrets: (string | null | undefined)[]): string {
  return secrets.reduce<string>((text, secret) => (secret ? text.split(secret).join('••••••') : text), body);
}

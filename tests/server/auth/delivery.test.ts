import { createServer as createHttpServer, type IncomingMessage } from 'node:http';
import { createServer as createTcpServer, type AddressInfo } from 'node:net';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp } from '../../helpers/app';

/** A local stand-in for Twilio's Messages API: records what it receives. */
function twilioStandIn() {
  const received: { url: string; authorization: string; form: URLSearchParams }[] = [];
  let fail = false;
  const server = createHttpServer((request: IncomingMessage, response) => {
    let body = '';
    request.on('data', (chunk: Buffer) => (body += chunk.toString()));
    request.on('end', () => {
      received.push({ url: request.url ?? '', authorization: request.headers.authorization ?? '', form: new URLSearchParams(body) });
      response.writeHead(fail ? 400 : 201, { 'content-type': 'application/json' });
      response.end(JSON.stringify(fail ? { code: 21211, message: "The 'To' number is not valid." } : { sid: 'SM123', status: 'queued' }));
    });
  });
  return { server, received, setFail: (value: boolean) => (fail = value) };
}

/** A minimal SMTP server (RFC 5321 happy path) standing in for a mail relay. */
function smtpStandIn() {
  const messages: { from: string; to: string[]; data: string }[] = [];
  const server = createTcpServer((socket) => {
    let buffer = '';
    let inData = false;
    let current = { from: '', to: [] as string[], data: '' };
    socket.write('220 stand-in ESMTP\r\n');
    socket.on('data', (chunk: Buffer) => {
      buffer += chunk.toString('utf8');
      let index: number;
      while ((index = buffer.indexOf('\r\n')) >= 0) {
        const line = buffer.slice(0, index);
        buffer = buffer.slice(index + 2);
        if (inData) {
          if (line === '.') {
            inData = false;
            messages.push(current);
            current = { from: '', to: [], data: '' };
            socket.write('250 queued\r\n');
          } else current.data += `${line.startsWith('..') ? line.slice(1) : line}\n`;
          continue;
        }
        const verb = line.slice(0, 4).toUpperCase();
        if (verb === 'EHLO' || verb === 'HELO') socket.write('250 stand-in\r\n');
        else if (verb === 'MAIL') {
          current.from = line;
          socket.write('250 ok\r\n');
        } else if (verb === 'RCPT') {
          current.to.push(line);
          socket.write('250 ok\r\n');
        } else if (verb === 'DATA') {
          inData = true;
          socket.write('354 go ahead\r\n');
        } else if (verb === 'QUIT') socket.end('221 bye\r\n');
        else socket.write('250 ok\r\n');
      }
    });
  });
  return { server, messages };
}

const listen = (server: { listen(port: number, host: string, cb: () => void): void; address(): AddressInfo | string | null }) =>
  new Promise<number>((resolve) => server.listen(0, '127.0.0.1', () => resolve((server.address() as AddressInfo).port)));

describe('production delivery: Twilio wire format and SMTP, no dev outbox, no codes at rest', () => {
  const twilio = twilioStandIn();
  const smtp = smtpStandIn();
  let app: FastifyInstance;

  beforeAll(async () => {
    const twilioPort = await listen(twilio.server);
    const smtpPort = await listen(smtp.server);
    app = await buildTestApp({
      env: {
        NODE_ENV: 'production',
        AUTH_SECRET: 'x'.repeat(40),
        PUBLIC_URL: 'https://app.example.com',
        TWILIO_ACCOUNT_SID: 'AC0123',
        TWILIO_AUTH_TOKEN: 'secret-token',
        TWILIO_FROM: '+15005550006',
        TWILIO_API_URL: `http://127.0.0.1:${twilioPort}`,
        SMTP_URL: `smtp://127.0.0.1:${smtpPort}`,
        SMTP_FROM: 'Ringwise <codes@example.com>',
      },
    });
  });
  afterAll(async () => {
    await app.close();
    twilio.server.close();
    smtp.server.close();
  });

  const post = (url: string, body: unknown) =>
    app.inject({ method: 'POST', url, headers: { 'content-type': 'application/json', 'x-supabase-api-version': '2024-01-01' }, payload: JSON.stringify(body) });

  it('sends an SMS through the Twilio REST API with basic auth; the body ends with the WebOTP line', async () => {
    const response = await post('/auth/v1/otp', { phone: '+33612345678' });
    expect(response.statusCode).toBe(200);
    const [sms] = twilio.received;
    expect(sms?.url).toBe('/2010-04-01/Accounts/AC0123/Messages.json');
    expect(sms?.authorization).toBe(`Basic ${Buffer.from('AC0123:secret-token').toString('base64')}`);
    expect(sms?.form.get('To')).toBe('+33612345678');
    expect(sms?.form.get('From')).toBe('+15005550006');
    const code = /#(\d{6})$/.exec(sms?.form.get('Body') ?? '')?.[1];
    expect(sms?.form.get('Body')).toMatch(/\n\n@app\.example\.com #\d{6}$/);
    // The code works, and it is nowhere in the database in clear.
    const rows = await app.db.selectFrom('auth_outbox').selectAll().execute();
    expect(rows[0]?.code).toBeNull();
    expect(rows[0]?.body).not.toContain(code);
    expect(JSON.stringify(await app.db.selectFrom('auth_otps').selectAll().execute())).not.toContain(code);
    const verified = await post('/auth/v1/verify', { phone: '+33612345678', token: code, type: 'sms' });
    expect(verified.statusCode).toBe(200);
  });

  it('a provider failure is 422 sms_send_failed', async () => {
    twilio.setFail(true);
    const response = await post('/auth/v1/otp', { phone: '+33612345679' });
    twilio.setFail(false);
    expect(response.statusCode).toBe(422);
    expect(response.json()).toEqual({ code: 'sms_send_failed', message: 'Error sending sms OTP' });
  });

  it('sends email through SMTP with nodemailer', async () => {
    const response = await post('/auth/v1/otp', { email: 'ada@example.com', data: { locale: 'fr' } });
    expect(response.statusCode).toBe(200);
    const [mail] = smtp.messages;
    expect(mail?.from).toContain('codes@example.com');
    expect(mail?.to[0]).toContain('ada@example.com');
    expect(mail?.data).toMatch(/Subject: Votre code de connexion Ringwise/);
    expect(mail?.data).toMatch(/\b\d{6}\b/);
  });

  it('the dev outbox does not exist in production', async () => {
    expect((await app.inject({ method: 'GET', url: '/dev/outbox.json?recipient=ada@example.com' })).statusCode).toBe(404);
    expect((await app.inject({ method: 'GET', url: '/dev/outbox' })).statusCode).toBe(404);
  });
});

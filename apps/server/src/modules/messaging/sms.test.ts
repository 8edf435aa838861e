import { randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freshEmail, freshMobile, GOOD_PASSWORD } from '../../testing/identity.ts';
import { createTestApp, databasesUnderTest, type TestApp } from '../../testing/test-app.ts';
import { SmsProviderError, twilioSmsChannel } from './sms.ts';

const ACCOUNT_SID = `AC${'0123456789abcdef'.repeat(2)}`;
const AUTH_TOKEN = 'test-auth-token-42';
const FROM = '+15005550006';
/** Twilio's magic test number for "not a valid phone number" (error 21211). */
const INVALID_TO = '+15005550001';

interface Sent {
  to: string;
  from: string | null;
  messagingServiceSid: string | null;
  body: string;
}

/**
 * A stand-in for Twilio's Messages API on a free port: checks the path, Basic auth and form fields as
 * Twilio does, answers 201 with a Message resource, or Twilio's error JSON (401, 400 for a bad number).
 */
async function startFakeTwilio(): Promise<{ port: number; sent: Sent[]; close(): Promise<void> }> {
  const sent: Sent[] = [];
  const json = (res: ServerResponse, status: number, body: unknown) => {
    res.writeHead(status, { 'content-type': 'application/json' });
    res.end(JSON.stringify(body));
  };
  const error = (res: ServerResponse, status: number, code: number, message: string) =>
    json(res, status, { code, message, more_info: `https://www.twilio.com/docs/errors/${code}`, status });

  const server = createServer((req: IncomingMessage, res: ServerResponse) => {
    let raw = '';
    req.on('data', (chunk: Buffer) => {
      raw += chunk.toString('utf8');
    });
    req.on('end', () => {
      const expectedAuth = `Basic ${Buffer.from(`${ACCOUNT_SID}:${AUTH_TOKEN}`).toString('base64')}`;
      if (req.headers.authorization !== expectedAuth) return error(res, 401, 20003, 'Authenticate');
      if (req.method !== 'POST' || req.url !== `/2010-04-01/Accounts/${ACCOUNT_SID}/Messages.json`) {
        return error(res, 404, 20404, `The requested resource ${req.url} was not found`);
      }
      if (req.headers['content-type'] !== 'application/x-www-form-urlencoded') {
        return error(res, 400, 20001, 'Content-Type must be application/x-www-form-urlencoded');
      }
      const form = new URLSearchParams(raw);
      const to = form.get('To');
      const body = form.get('Body');
      if (!to) return error(res, 400, 21604, "A 'To' phone number is required.");
      if (!form.get('From') && !form.get('MessagingServiceSid')) {
        return error(res, 400, 21603, "A 'From' phone number is required.");
      }
      if (!body) return error(res, 400, 21602, 'Message body is required.');
      if (to === INVALID_TO)
        return error(res, 400, 21211, `The 'To' number ${to} is not a valid phone number.`);
      sent.push({ to, from: form.get('From'), messagingServiceSid: form.get('MessagingServiceSid'), body });
      json(res, 201, {
        sid: `SM${randomBytes(16).toString('hex')}`,
        account_sid: ACCOUNT_SID,
        to,
        from: form.get('From'),
        body,
        status: 'queued',
        direction: 'outbound-api',
        api_version: '2010-04-01',
        error_code: null,
        error_message: null,
      });
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return { port, sent, close: () => new Promise((resolve) => server.close(() => resolve())) };
}

describe('SMS through the provider (a local Twilio)', () => {
  let twilio: Awaited<ReturnType<typeof startFakeTwilio>>;
  let smsUrl: string;
  beforeAll(async () => {
    twilio = await startFakeTwilio();
    smsUrl = `http://${ACCOUNT_SID}:${AUTH_TOKEN}@127.0.0.1:${twilio.port}`;
  });
  afterAll(async () => {
    await twilio?.close();
  });

  it('sends To, From and Body; a Messaging Service id goes as MessagingServiceSid', async () => {
    await twilioSmsChannel(smsUrl, FROM).send({
      to: '+447400123456',
      subject: 'x',
      text: 'Hello',
      otp: null,
    });
    const service = `MG${'ab'.repeat(16)}`;
    await twilioSmsChannel(smsUrl, service).send({
      to: '+447400123457',
      subject: 'x',
      text: 'Hi',
      otp: null,
    });
    expect(twilio.sent.slice(-2)).toEqual([
      { to: '+447400123456', from: FROM, messagingServiceSid: null, body: 'Hello' },
      { to: '+447400123457', from: null, messagingServiceSid: service, body: 'Hi' },
    ]);
  });

  it("throws Twilio's own message for a refused number, and for wrong credentials", async () => {
    const refused = twilioSmsChannel(smsUrl, FROM).send({
      to: INVALID_TO,
      subject: '',
      text: 'x',
      otp: null,
    });
    await expect(refused).rejects.toBeInstanceOf(SmsProviderError);
    await expect(refused).rejects.toMatchObject({
      status: 400,
      providerCode: 21211,
      message: `The SMS provider refused the message (HTTP 400, error 21211): The 'To' number ${INVALID_TO} is not a valid phone number.`,
    });
    const wrongToken = `http://${ACCOUNT_SID}:wrong@127.0.0.1:${twilio.port}`;
    await expect(
      twilioSmsChannel(wrongToken, FROM).send({ to: '+447400123456', subject: '', text: 'x', otp: null }),
    ).rejects.toMatchObject({ status: 401, providerCode: 20003 });
  });

  describe.each(databasesUnderTest())('through the app ($name)', (database) => {
    let t: TestApp;
    beforeAll(async () => {
      t = await createTestApp(database, { smsUrl, smsFrom: FROM });
    });
    afterAll(async () => {
      await t?.close();
    });

    it('delivers the sign-up and resent mobile codes to the provider; the code verifies the number', async () => {
      const mobile = freshMobile();
      const { body } = await t.api('POST', '/api/auth/register', {
        body: {
          name: 'Ada',
          email_id: freshEmail(),
          password: GOOD_PASSWORD,
          mobile,
          country_code: 'GB',
          accept_terms: true,
        },
      });
      const token = body.data.token as string;
      const first = twilio.sent.filter((m) => m.to === mobile);
      expect(first).toHaveLength(1);
      expect(first[0]!.from).toBe(FROM);
      expect(first[0]!.body).toMatch(/^FIT24 Exchange: your mobile verification code is \d{6}\./);

      // With a provider, SMS no longer goes to the outbox (email still does here: no SMTP).
      const outbox = await t.ops('GET', `/ops/outbox?to=${encodeURIComponent(mobile)}`);
      expect(outbox.body.data.messages).toEqual([]);

      t.ctx.clock.advance(61);
      expect((await t.api('GET', '/api/auth/mobile/otp/resend', { token })).status).toBe(200);
      const sent = twilio.sent.filter((m) => m.to === mobile);
      expect(sent).toHaveLength(2);
      const otp = /verification code is (\d{6})/.exec(sent[1]!.body)![1]!;

      const verified = await t.api('POST', '/api/auth/mobile/verify', { token, body: { otp } });
      expect(verified.status).toBe(200);
      expect(verified.body.data.user.is_mobile_verified).toBe(1);
    });
  });
});

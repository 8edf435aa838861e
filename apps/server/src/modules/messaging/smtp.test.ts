import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freshEmail, freshMobile, GOOD_PASSWORD } from '../../testing/identity.ts';
import { createTestApp, databasesUnderTest, type TestApp } from '../../testing/test-app.ts';

interface Received {
  from: string;
  to: string[];
  raw: string;
}

/** A real SMTP server on a free port that keeps every message it receives. */
async function startSmtpServer(): Promise<{ port: number; inbox: Received[]; close(): Promise<void> }> {
  const inbox: Received[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onData(stream, session, callback) {
      let raw = '';
      stream.on('data', (chunk: Buffer) => {
        raw += chunk.toString('utf8');
      });
      stream.on('end', () => {
        inbox.push({
          from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
          to: session.envelope.rcptTo.map((r) => r.address),
          raw,
        });
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.server.address() as AddressInfo;
  return { port, inbox, close: () => new Promise((resolve) => server.close(() => resolve())) };
}

describe('email over SMTP', () => {
  let smtp: Awaited<ReturnType<typeof startSmtpServer>>;
  let t: TestApp;
  beforeAll(async () => {
    smtp = await startSmtpServer();
    t = await createTestApp(databasesUnderTest()[0]!, { smtpUrl: `smtp://127.0.0.1:${smtp.port}` });
  });
  afterAll(async () => {
    await t?.close();
    await smtp?.close();
  });

  it('sends the sign-up code by real mail, and the code from the message verifies the email', async () => {
    const email = freshEmail().toLowerCase();
    const { body } = await t.api('POST', '/api/auth/register', {
      body: {
        name: 'Ada',
        email_id: email,
        password: GOOD_PASSWORD,
        mobile: freshMobile(),
        country_code: 'GB',
        accept_terms: true,
      },
    });
    const message = smtp.inbox.find((m) => m.to.includes(email));
    expect(message).toBeDefined();
    expect(message!.from).toBe('no-reply@example.com');
    expect(message!.raw).toMatch(/Subject: Verify your email for FIT24 Exchange/);
    const otp = /verification code is (\d{6})/.exec(message!.raw)?.[1];
    expect(otp).toMatch(/^\d{6}$/);

    // With SMTP configured the email does not go to the outbox; the SMS still does.
    const outbox = await t.ops('GET', `/ops/outbox?to=${encodeURIComponent(email)}`);
    expect(outbox.body.data.messages).toEqual([]);

    const verified = await t.api('POST', '/api/auth/email/verify', { token: body.data.token, body: { otp } });
    expect(verified.body.data.user.is_email_verified).toBe(1);
  });
});

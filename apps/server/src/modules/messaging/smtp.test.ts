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

/** The text of a single-part message as its reader sees it, whatever transfer encoding nodemailer chose. */
function textOf(raw: string): string {
  const split = raw.indexOf('\r\n\r\n');
  const headers = raw.slice(0, split);
  const body = raw.slice(split + 4);
  const encoding = /^Content-Transfer-Encoding:\s*(\S+)/im.exec(headers)?.[1]?.toLowerCase();
  if (encoding === 'base64') return Buffer.from(body.replace(/\s+/g, ''), 'base64').toString('utf8');
  if (encoding !== 'quoted-printable') return body;
  const bytes = body
    .replace(/=\r\n/g, '')
    .replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(Number.parseInt(hex, 16)));
  return Buffer.from(bytes, 'latin1').toString('utf8');
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

  it('opens the email with the anti-phishing phrase over real SMTP too', async () => {
    const email = freshEmail().toLowerCase();
    const { body } = await t.api('POST', '/api/auth/register', {
      body: {
        name: 'Grace',
        email_id: email,
        password: GOOD_PASSWORD,
        mobile: freshMobile(),
        country_code: 'GB',
        accept_terms: true,
      },
    });
    const otp = /verification code is (\d{6})/.exec(
      textOf(smtp.inbox.find((m) => m.to.includes(email))!.raw),
    )?.[1];
    await t.api('POST', '/api/auth/email/verify', { token: body.data.token, body: { otp } });
    const set = await t.api('POST', '/api/security/anti-phishing', {
      token: body.data.token,
      body: { phrase: 'Ünïcode Owl 7' },
    });
    expect(set.status).toBe(200);

    const mails = smtp.inbox.filter((m) => m.to.includes(email));
    const confirmation = mails.at(-1)!;
    expect(confirmation.raw).toMatch(/Subject: Your anti-phishing code is set/);
    expect(textOf(confirmation.raw)).toMatch(
      /^Your anti-phishing code: «Ünïcode Owl 7»\r?\n\r?\nFrom now on/,
    );
    // The sign-up email, sent before the phrase existed, did not carry it.
    expect(textOf(mails[0]!.raw)).not.toContain('anti-phishing');
  });
});

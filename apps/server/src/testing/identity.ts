import { randomBytes } from 'node:crypto';
import type { TestApp } from './test-app.ts';

export const GOOD_PASSWORD = 'Correct-horse-42';

export interface RegisteredUser {
  token: string;
  userId: number;
  email: string;
  mobile: string;
  password: string;
}

let counter = 0;

/** A fresh, well-formed UK mobile number. */
export function freshMobile(): string {
  counter += 1;
  return `+4474${String((process.pid * 7919 + counter) % 100_000_000).padStart(8, '0')}`;
}

export function freshEmail(prefix = 'user'): string {
  return `${prefix}-${randomBytes(5).toString('hex')}@Example.com`;
}

/** The newest one-time code the outbox holds for an email or mobile number. */
export async function latestOtp(t: TestApp, to: string): Promise<string> {
  const { body } = await t.ops('GET', `/ops/outbox?to=${encodeURIComponent(to)}`);
  const otp = body.data.messages.find((m: { otp: string | null }) => m.otp)?.otp;
  if (!otp) throw new Error(`no code in the outbox for ${to}`);
  return otp;
}

/** Signs a user up through the API, as the app does. */
export async function registerUser(
  t: TestApp,
  overrides: Record<string, unknown> = {},
): Promise<RegisteredUser> {
  const body = {
    name: 'Ada Lovelace',
    email_id: freshEmail(),
    password: GOOD_PASSWORD,
    mobile: freshMobile(),
    country_code: 'GB',
    accept_terms: true,
    ...overrides,
  };
  const { status, body: answer } = await t.api('POST', '/api/auth/register', { body });
  if (status !== 200) throw new Error(`register failed: ${status} ${JSON.stringify(answer)}`);
  return {
    token: answer.data.token,
    userId: answer.data.user.user_id,
    email: String(body.email_id).toLowerCase(),
    mobile: String(body.mobile),
    password: String(body.password),
  };
}

/** Signs up and verifies the email with the code from the outbox. */
export async function registerVerifiedUser(
  t: TestApp,
  overrides: Record<string, unknown> = {},
): Promise<RegisteredUser> {
  const user = await registerUser(t, overrides);
  const otp = await latestOtp(t, user.email);
  const { status } = await t.api('POST', '/api/auth/email/verify', { token: user.token, body: { otp } });
  if (status !== 200) throw new Error('email verification failed');
  return user;
}

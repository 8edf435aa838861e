import { ZEmptyData } from '../account.ts';
import { ZPasswordOtpBody, ZPasswordResetBody, ZRegisterBody, ZSessionData, ZSigninBody } from '../auth.ts';
import { ZSigninData } from '../security.ts';
import { ZCountryListData, ZVersionData } from '../system.ts';
import { q, type RouteDef, route } from './define.ts';

/** Public (spec §7). */
export const publicRoutes = {
  'auth.signin': route({
    method: 'POST',
    path: '/api/auth/signin',
    auth: 'public',
    spec: true,
    tag: 'auth',
    summary:
      'Sign in with email and password; with 2FA on, a challenge for the second step instead of a token',
    body: ZSigninBody,
    data: ZSigninData,
  }),
  'auth.register': route({
    method: 'POST',
    path: '/api/auth/register',
    auth: 'public',
    spec: true,
    tag: 'auth',
    summary: 'Create an account; signs in and sends email and mobile OTPs',
    body: ZRegisterBody,
    data: ZSessionData,
  }),
  'auth.passwordOtp': route({
    method: 'POST',
    path: '/api/auth/password/otp',
    auth: 'public',
    spec: true,
    tag: 'auth',
    summary: 'Send a password-reset OTP (same answer whether or not the email exists)',
    body: ZPasswordOtpBody,
    data: ZEmptyData,
  }),
  'auth.passwordReset': route({
    method: 'POST',
    path: '/api/auth/password',
    auth: 'public',
    spec: true,
    tag: 'auth',
    summary: 'Reset the password with the OTP; revokes every session',
    body: ZPasswordResetBody,
    data: ZEmptyData,
  }),
  'system.version': route({
    method: 'GET',
    path: '/api/version',
    auth: 'public',
    spec: true,
    tag: 'system',
    summary: 'App version per platform',
    query: q({}),
    data: ZVersionData,
  }),
  'system.countries': route({
    method: 'GET',
    path: '/api/country/list',
    auth: 'public',
    spec: true,
    tag: 'system',
    summary: 'Every ISO 3166 country with its dial code',
    query: q({}),
    data: ZCountryListData,
  }),
} as const satisfies Record<string, RouteDef>;

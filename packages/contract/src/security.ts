import { z } from 'zod';
import { ZKycStatus } from './account.ts';
import { ZSessionData } from './auth.ts';
import { ZEmail, ZEpochSeconds, ZFlag, ZId } from './common.ts';
import { ZMoney } from './money.ts';

/**
 * Account security (issue 11): the second factor (TOTP and passkeys), the withdrawal address book and
 * whitelist, cool-downs, KYC withdrawal limits, the anti-phishing phrase and freezing an account.
 */

/** Recovery codes are ten characters of this alphabet, shown as `ABCDE-FGHJK` (no 0/O, 1/I/L). */
export const RECOVERY_CODE_ALPHABET = 'ABCDEFGHJKMNPQRSTUVWXYZ23456789';
export const RECOVERY_CODE_COUNT = 10;

/** A code from an authenticator app (6 digits) or a recovery code (`ABCDE-FGHJK`, any case, dash optional). */
export const ZTwoFactorCode = z
  .string()
  .trim()
  .regex(
    /^([0-9]{6}|[A-Za-z0-9]{5}-?[A-Za-z0-9]{5})$/,
    'must be the 6-digit code from your authenticator app, or a recovery code',
  );

/** A short-lived, single-use proof that a passkey was just used (`security.passkeyStepUp`). */
export const ZPasskeyToken = z.string().trim().min(20).max(200);

/**
 * The second factor, on every call that needs one while it is on (withdraw, transfer, whitelist and
 * address-book changes, disabling 2FA, new passkeys): a TOTP or recovery code, or a passkey token.
 */
export const secondFactorShape = {
  two_factor_code: ZTwoFactorCode.optional(),
  passkey_token: ZPasskeyToken.optional(),
};

const ZBase64Url = z
  .string()
  .max(16_384)
  .regex(/^[A-Za-z0-9_-]*={0,2}$/, 'must be base64url');

/** A WebAuthn assertion as `@simplewebauthn/browser` returns it (AuthenticationResponseJSON). */
export const ZPasskeyAssertion = z.object({
  id: ZBase64Url,
  rawId: ZBase64Url,
  type: z.literal('public-key'),
  response: z.object({
    clientDataJSON: ZBase64Url,
    authenticatorData: ZBase64Url,
    signature: ZBase64Url,
    userHandle: ZBase64Url.optional(),
  }),
  authenticatorAttachment: z.string().max(40).optional(),
  clientExtensionResults: z.record(z.string(), z.unknown()).optional(),
});
export type TPasskeyAssertion = z.infer<typeof ZPasskeyAssertion>;

/** A WebAuthn registration as `@simplewebauthn/browser` returns it (RegistrationResponseJSON). */
export const ZPasskeyAttestation = z.object({
  id: ZBase64Url,
  rawId: ZBase64Url,
  type: z.literal('public-key'),
  response: z.object({
    clientDataJSON: ZBase64Url,
    attestationObject: ZBase64Url,
    authenticatorData: ZBase64Url.optional(),
    transports: z.array(z.string().max(20)).max(10).optional(),
    publicKeyAlgorithm: z.number().int().optional(),
    publicKey: ZBase64Url.optional(),
  }),
  authenticatorAttachment: z.string().max(40).optional(),
  clientExtensionResults: z.record(z.string(), z.unknown()).optional(),
});
export type TPasskeyAttestation = z.infer<typeof ZPasskeyAttestation>;

/** WebAuthn options (PublicKeyCredentialCreationOptionsJSON / …RequestOptionsJSON), passed to the browser as is. */
export const ZWebAuthnOptions = z.record(z.string(), z.unknown());
export const ZPasskeyOptionsData = z.object({ options: ZWebAuthnOptions });

export const ZChallenge = z.string().trim().min(20).max(200);

/** Sign-in with 2FA on: no token yet, a challenge for the second step. */
export const ZTwoFactorChallengeData = z.object({
  two_factor_required: z.literal(true),
  challenge: z.string(),
  /** What the second step accepts: `totp` (a code or a recovery code), `passkey`. */
  methods: z.array(z.enum(['totp', 'passkey'])),
  expires_in: z.number().int().positive(),
});
export type TTwoFactorChallengeData = z.infer<typeof ZTwoFactorChallengeData>;
export const ZSigninData = z.union([ZSessionData, ZTwoFactorChallengeData]);
export type TSigninData = z.infer<typeof ZSigninData>;

export const ZSignin2faBody = z
  .object({ challenge: ZChallenge, code: ZTwoFactorCode.optional(), passkey: ZPasskeyAssertion.optional() })
  .strict()
  .refine((b) => (b.code === undefined) !== (b.passkey === undefined), {
    message: 'send either a code or a passkey',
    path: ['code'],
  });
export const ZSignin2faOptionsBody = z.object({ challenge: ZChallenge }).strict();

/** Passkey sign-in (no password): options first, then the assertion with the flow's id. */
export const ZPasskeySigninOptionsData = z.object({ flow_id: z.string(), options: ZWebAuthnOptions });
export const ZPasskeySigninBody = z.object({ flow_id: ZChallenge, passkey: ZPasskeyAssertion }).strict();

export const ZPasskey = z.object({
  passkey_id: z.number().int().positive(),
  name: z.string(),
  creation_date: ZEpochSeconds,
  last_used_date: ZEpochSeconds.nullable(),
});
export type TPasskey = z.infer<typeof ZPasskey>;

/** What the security screen shows. */
export const ZSecurity = z.object({
  /** TOTP or a passkey is on: sensitive calls need the second factor. */
  two_factor_enabled: ZFlag,
  totp_enabled: ZFlag,
  recovery_codes_left: z.number().int().nonnegative(),
  passkeys: z.array(ZPasskey),
  whitelist_only: ZFlag,
  /** Whitelist-only was turned off: it still holds until this time (the delay), then ends. */
  whitelist_off_date: ZEpochSeconds.nullable(),
  anti_phishing_phrase: z.string().nullable(),
  /** Withdrawals and transfers are paused until this time after a security change. */
  cooldown_until: ZEpochSeconds.nullable(),
  cooldown_reason: z.string().nullable(),
  frozen: ZFlag,
  /** Seconds a new whitelisted address waits after its email confirmation. */
  address_delay_seconds: z.number().int().nonnegative(),
  /** Seconds withdrawals and transfers pause after a security change. */
  cooldown_seconds: z.number().int().nonnegative(),
});
export type TSecurity = z.infer<typeof ZSecurity>;
export const ZSecurityData = z.object({ security: ZSecurity });

export const ZTotpSetupData = z.object({
  /** Base32, for typing into an authenticator app by hand. */
  secret: z.string(),
  /** `otpauth://totp/…`: shown as a QR code. */
  otpauth_uri: z.string(),
});
export const ZTotpEnableBody = z
  .object({
    code: z
      .string()
      .trim()
      .regex(/^[0-9]{6}$/, 'must be the 6-digit code'),
  })
  .strict();
export const ZRecoveryCodesData = z.object({ recovery_codes: z.array(z.string()) });
export const ZSecondFactorBody = z.object(secondFactorShape).strict();
/** The second factor as a service receives it, from any body that carries `secondFactorShape`. */
export type TSecondFactor = z.output<typeof ZSecondFactorBody>;

export const ZPasskeyName = z.string().trim().min(1, 'is required').max(60);
export const ZPasskeyRegisterBody = z
  .object({ name: ZPasskeyName, passkey: ZPasskeyAttestation, ...secondFactorShape })
  .strict();
export const ZPasskeyData = z.object({ passkey: ZPasskey });
export const ZPasskeyRenameBody = z.object({ passkey_id: ZId, name: ZPasskeyName }).strict();
export const ZPasskeyRemoveBody = z.object({ passkey_id: ZId, ...secondFactorShape }).strict();
export const ZPasskeyStepUpBody = z.object({ passkey: ZPasskeyAssertion }).strict();
export const ZPasskeyStepUpData = z.object({ passkey_token: z.string(), expires_in: z.number().int() });

/** Address book: UNCONFIRMED until the emailed code, PENDING until the delay ends, then ACTIVE. */
export const ZSavedAddressStatus = z.enum(['UNCONFIRMED', 'PENDING', 'ACTIVE']);
export const ZSavedAddress = z.object({
  address_id: z.number().int().positive(),
  asset_id: z.number().int().positive(),
  symbol: z.string(),
  network: z.string(),
  label: z.string(),
  address: z.string(),
  memo: z.string().nullable(),
  status: ZSavedAddressStatus,
  /** When it may be used (null until confirmed). */
  usable_date: ZEpochSeconds.nullable(),
  creation_date: ZEpochSeconds,
});
export type TSavedAddress = z.infer<typeof ZSavedAddress>;
export const ZSavedAddressData = z.object({ address: ZSavedAddress });
export const ZSavedAddressListData = z.object({ addresses: z.array(ZSavedAddress) });
export const ZAddressAddBody = z
  .object({
    asset_id: ZId,
    label: z.string().trim().min(1, 'is required').max(40),
    address: z.string().trim().min(1, 'is required').max(120),
    memo: z.string().trim().max(100).optional(),
    ...secondFactorShape,
  })
  .strict();
export type TAddressAddInput = z.output<typeof ZAddressAddBody>;
export const ZAddressConfirmBody = z
  .object({
    address_id: ZId,
    otp: z
      .string()
      .trim()
      .regex(/^[0-9]{6}$/, 'must be the 6-digit code'),
  })
  .strict();
export const ZAddressRemoveBody = z.object({ address_id: ZId, ...secondFactorShape }).strict();
export const ZWhitelistBody = z.object({ enabled: ZFlag, ...secondFactorShape }).strict();

/** Shown in every email we send, so a message without it is not from us. */
export const ZAntiPhishingBody = z
  .object({
    phrase: z
      .string()
      .trim()
      .min(4, 'must be at least 4 characters')
      .max(20, 'must be at most 20 characters')
      .regex(/^[\p{L}\p{N} _-]+$/u, 'may hold letters, digits, spaces, - and _')
      .nullable(),
    ...secondFactorShape,
  })
  .strict();

export const ZFreezeBody = z.object({ token: z.string().trim().min(20).max(200) }).strict();

/** Withdrawal limits per rolling 24 hours, in US dollars, by KYC status. */
export const ZWithdrawLimits = z.object({
  kyc_status: ZKycStatus,
  /** The tier that applies: VERIFIED once KYC is approved, else UNVERIFIED. */
  tier: z.enum(['UNVERIFIED', 'VERIFIED']),
  limit_usd: ZMoney,
  used_usd: ZMoney,
  remaining_usd: ZMoney,
  window_hours: z.number().int().positive(),
  tiers: z.array(z.object({ tier: z.enum(['UNVERIFIED', 'VERIFIED']), limit_usd: ZMoney })),
});
export type TWithdrawLimits = z.infer<typeof ZWithdrawLimits>;
export const ZWithdrawLimitsData = z.object({ limits: ZWithdrawLimits });

export const ZFreezeByOpsBody = z.object({ email_id: ZEmail }).strict();
export const ZFrozenData = z.object({ user_id: z.number().int().positive(), frozen: ZFlag });

/** A new email address: the password (and the second factor when on) first, then a code sent to it. */
export const ZEmailChangeBody = z
  .object({ email_id: ZEmail, password: z.string().min(1, 'is required').max(200), ...secondFactorShape })
  .strict();
export const ZEmailChangeData = z.object({
  retry_after: z.number().int().nonnegative(),
  email_id: z.string(),
});
export const ZEmailConfirmBody = z
  .object({
    otp: z
      .string()
      .trim()
      .regex(/^[0-9]{6}$/, 'must be the 6-digit code'),
  })
  .strict();

import { z } from 'zod';
import { pagedSchema, ZEmail, ZEpochSeconds, ZId } from './common.ts';

/**
 * Operators (issue 14): the exchange's staff, apart from its users. Each has one role; a role is a set of
 * named permissions, and every `/ops` call names the permission it needs.
 */
export const OPERATOR_ROLES = ['admin', 'finance', 'compliance', 'support', 'market'] as const;
export type OperatorRole = (typeof OPERATOR_ROLES)[number];

export const PERMISSIONS = {
  operators: 'create operators, change their roles, disable them',
  settings: 'runtime settings of the exchange',
  devtools: 'the development tools: devnet deposits and blocks, the test clock, the outbox',
  audit: 'run the invariant checks',
  trail: 'read the operators’ trail',
  withdrawals: 'the withdrawal queue: approve and reject',
  pool: 'the rewards pool, daily rewards and lock-up grants',
  custody: 'custody: reconciliation and token contracts',
  kyc: 'review identity documents, approve and reject',
  freeze: 'freeze and unfreeze accounts',
  users: 'read users, their balances, orders and history',
  sessions: 'revoke a user’s sessions',
  markets: 'assets, markets, fees and halts',
  programme: 'the affiliate programme: surge, ranks, offers, banners, notices',
} as const;
export type Permission = keyof typeof PERMISSIONS;

/**
 * What each role may do. An admin may do everything (and is the second pair of eyes on large
 * withdrawals); the others what their work needs.
 */
export const ROLE_PERMISSIONS: Record<OperatorRole, readonly Permission[]> = {
  admin: Object.keys(PERMISSIONS) as Permission[],
  finance: ['withdrawals', 'pool', 'custody', 'audit', 'users'],
  compliance: ['kyc', 'freeze', 'users', 'trail', 'audit'],
  support: ['users', 'sessions', 'freeze'],
  market: ['markets', 'programme'],
};

export const mayDo = (role: OperatorRole, permission: Permission): boolean =>
  ROLE_PERMISSIONS[role].includes(permission);

export const ZOperatorRole = z.enum(OPERATOR_ROLES);

export const ZOperator = z.object({
  operator_id: z.number().int().positive(),
  email: z.string(),
  name: z.string(),
  role: ZOperatorRole,
  totp_enrolled: z.boolean(),
  disabled: z.boolean(),
  creation_date: ZEpochSeconds,
});
export type TOperator = z.infer<typeof ZOperator>;

const ZOperatorPassword = z.string().min(12, 'must have at least 12 characters').max(200);

export const ZOpsSigninBody = z
  .object({ email: ZEmail, password: z.string().min(1, 'is required').max(200) })
  .strict();
/**
 * The password was right: a short-lived challenge for the second step. An operator with no authenticator
 * yet gets its secret here, once, to enrol with its first code.
 */
export const ZOpsSigninData = z.object({
  challenge: z.string(),
  expires_in: z.number().int(),
  totp_setup: z.object({ secret: z.string(), otpauth_url: z.string() }).nullable(),
});
export const ZOpsTotpBody = z
  .object({
    challenge: z.string().min(1).max(200),
    code: z.string().regex(/^[0-9]{6}$/, 'must be the 6-digit code of the authenticator app'),
  })
  .strict();
export const ZOpsSessionData = z.object({
  token: z.string(),
  operator: ZOperator,
  permissions: z.array(z.string()),
  /** Seconds of the session at most; it also ends after 30 minutes without a call. */
  expires_in: z.number().int(),
});
export type TOpsSessionData = z.infer<typeof ZOpsSessionData>;
export const ZOpsMeData = z.object({ operator: ZOperator, permissions: z.array(z.string()) });

export const ZOperatorCreateBody = z
  .object({
    email: ZEmail,
    name: z.string().trim().min(1, 'is required').max(100),
    role: ZOperatorRole,
    /** Optional: a first password is made and shown once otherwise. */
    password: ZOperatorPassword.optional(),
  })
  .strict();
export const ZOperatorCreateData = z.object({
  operator: ZOperator,
  /** The first password when one was made: shown this once, to be handed over in person. */
  password: z.string().nullable(),
});
export const ZOperatorUpdateBody = z
  .object({ operator_id: ZId, role: ZOperatorRole.optional(), disabled: z.boolean().optional() })
  .strict();
export const ZOperatorData = z.object({ operator: ZOperator });
export const ZOperatorsData = z.object({ operators: z.array(ZOperator) });

export const ZOpsTokenBody = z.object({ name: z.string().trim().min(1, 'is required').max(60) }).strict();
/** A machine's token for the operator who made it (same permissions), shown this once. */
export const ZOpsTokenData = z.object({ token_id: z.number().int(), name: z.string(), token: z.string() });

/** One line of the operators' trail: who did what to what, from where, and what changed. */
export const ZTrailEntry = z.object({
  entry_id: z.number().int().positive(),
  operator_id: z.number().int().nullable(),
  operator_email: z.string().nullable(),
  action: z.string(),
  target: z.string().nullable(),
  outcome: z.enum(['done', 'refused']),
  detail: z.record(z.string(), z.unknown()),
  ip: z.string().nullable(),
  creation_date: ZEpochSeconds,
  hash: z.string(),
});
export type TTrailEntry = z.infer<typeof ZTrailEntry>;
export const ZTrailQuery = z
  .object({
    operator_id: z.coerce.number().int().positive().optional(),
    action: z.string().trim().max(60).optional(),
    target: z.string().trim().max(120).optional(),
    page: z.coerce.number().int().positive().max(100_000).optional(),
  })
  .strict();
export const ZTrailData = pagedSchema('entries', ZTrailEntry);

import type { OperatorRole } from '@fit24/contract';
import type { AppContext } from '../context.ts';
import { hashSecret, newToken, seal } from '../crypto.ts';
import { hashPassword } from '../modules/auth/passwords.ts';
import * as repo from '../modules/operators/operators.repository.ts';
import * as totp from '../modules/security/totp.ts';

export interface TestOperator {
  operatorId: number;
  email: string;
  password: string;
  role: OperatorRole;
  /** The authenticator's secret (enrolled): `totp.codeAt(secret, now)` gives a code. */
  totpSecret: string;
  /** A machine token acting as this operator. */
  token: string;
}

let counter = 0;

/** An operator made directly, already enrolled, with a machine token (the way a test calls `/ops`). */
export async function createOperator(
  ctx: AppContext,
  role: OperatorRole,
  email?: string,
): Promise<TestOperator> {
  const address = email ?? `${role}-${++counter}-${newToken().slice(0, 6).toLowerCase()}@ops.example.com`;
  const password = `Operator-${newToken().slice(0, 10)}`;
  const secret = totp.newSecret();
  const row = await repo.insert(ctx.db, {
    email: address.toLowerCase(),
    name: `Test ${role}`,
    role,
    password_hash: await hashPassword(password),
    totp_secret: seal(ctx.config.secretsKey, secret),
    created_at: ctx.clock.now(),
  });
  const token = `ops_t_${newToken()}`;
  await repo.insertToken(ctx.db, {
    operator_id: row.operator_id,
    name: 'tests',
    token_hash: hashSecret(token),
    now: ctx.clock.now(),
  });
  return { operatorId: Number(row.operator_id), email: row.email, password, role, totpSecret: secret, token };
}

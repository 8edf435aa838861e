import type { OperatorRole } from '@fit24/contract';

/** The signed-in caller of a request, after the bearer token has been checked. */
export interface AuthInfo {
  sessionId: bigint;
  userId: bigint;
  isEmailVerified: boolean;
}

/** The signed-in operator of an `/ops` call: a session of theirs, or a machine token they made. */
export interface OperatorAuth {
  operatorId: bigint;
  email: string;
  role: OperatorRole;
  sessionId: bigint | null;
  tokenId: bigint | null;
}

import type { OperatorRole } from '@fit24/contract';

/** The signed-in caller of a request, after the bearer token has been checked. */
export interface AuthInfo {
  /** 0 when the caller is a personal API key (no session). */
  sessionId: bigint;
  userId: bigint;
  isEmailVerified: boolean;
  /** Set when the request was signed with a personal API key (modules/api-keys) instead of a session. */
  apiKey?: { apiKeyId: bigint; publicId: string; scopes: Array<'read' | 'trade' | 'withdraw'> };
}

/** The signed-in operator of an `/ops` call: a session of theirs, or a machine token they made. */
export interface OperatorAuth {
  operatorId: bigint;
  email: string;
  role: OperatorRole;
  sessionId: bigint | null;
  tokenId: bigint | null;
}

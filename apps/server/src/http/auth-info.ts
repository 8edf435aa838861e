/** The signed-in caller of a request, after the bearer token has been checked. */
export interface AuthInfo {
  sessionId: bigint;
  userId: bigint;
  isEmailVerified: boolean;
}

import { randomInt } from 'node:crypto';
import { RECOVERY_CODE_ALPHABET, RECOVERY_CODE_COUNT } from '@fit24/contract';
import { generateSecret, generateSync, generateURI, verifySync } from 'otplib';
import { hashSecret } from '../../crypto.ts';

/** RFC 6238 codes (30-second steps, 6 digits, SHA-1), as every authenticator app reads them. */
const PERIOD = 30;
const ISSUER = 'FIT24 Exchange';

export function newSecret(): string {
  return generateSecret();
}

export function otpauthUri(secret: string, account: string): string {
  return generateURI({ issuer: ISSUER, label: account, secret });
}

/**
 * The time step a code belongs to, within one step before or after now (clocks drift), or null when
 * it matches none. The caller records the step so that the code is accepted once.
 */
export function matchStep(secret: string, code: string, nowSeconds: number): bigint | null {
  try {
    const result = verifySync({ secret, token: code, epoch: nowSeconds, epochTolerance: PERIOD });
    return result.valid && 'timeStep' in result ? BigInt(result.timeStep) : null;
  } catch {
    return null;
  }
}

/** The code an authenticator app shows at `nowSeconds` (tests and the demo use it). */
export function codeAt(secret: string, nowSeconds: number): string {
  return generateSync({ secret, epoch: nowSeconds });
}

/** Ten codes such as `K7QM2-XRP4D`, to be shown once; only `recoveryCodeHash` of each is kept. */
export function newRecoveryCodes(): string[] {
  const pick = () =>
    Array.from({ length: 5 }, () => RECOVERY_CODE_ALPHABET[randomInt(RECOVERY_CODE_ALPHABET.length)]).join(
      '',
    );
  return Array.from({ length: RECOVERY_CODE_COUNT }, () => `${pick()}-${pick()}`);
}

/** Recovery codes are read in any case, with or without their dash. */
export function recoveryCodeHash(code: string): string {
  return hashSecret(`recovery:${code.replace(/-/g, '').toUpperCase()}`);
}

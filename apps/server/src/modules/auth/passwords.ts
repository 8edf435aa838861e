import { hash, verify } from '@node-rs/argon2';

/**
 * Argon2id (the library's default algorithm) with its recommended memory and time costs. Hashing runs
 * on libuv's thread pool: never call it inside a database transaction, which would hold the one
 * PGlite connection while it works.
 */
export function hashPassword(password: string): Promise<string> {
  return hash(password);
}

export async function verifyPassword(passwordHash: string, password: string): Promise<boolean> {
  try {
    return await verify(passwordHash, password);
  } catch {
    return false;
  }
}

/** A real hash to verify against when the account does not exist, so both paths take as long. */
let decoy: Promise<string> | undefined;
export async function verifyDecoy(password: string): Promise<void> {
  decoy ??= hash('decoy-password-for-timing');
  await verifyPassword(await decoy, password);
}

import { hash, verify } from '@node-rs/argon2';
import { randomToken } from './secrets.js';

/** OWASP's argon2id baseline (19 MiB, 2 passes, 1 lane): ≈ 30–70 ms per hash here. */
// algorithm 2 is Argon2id (a const enum in the package's types, unusable with isolated modules).
const ARGON2_OPTIONS = { algorithm: 2, memoryCost: 19_456, timeCost: 2, parallelism: 1 };

/** Hashes a password with argon2id; the result embeds its salt and parameters. */
export function hashPassword(password: string): Promise<string> {
  return hash(password, ARGON2_OPTIONS);
}

/** Verifies a password against a stored argon2 hash; a malformed hash verifies as false. */
export async function verifyPassword(storedHash: string, password: string): Promise<boolean> {
  try {
    return await verify(storedHash, password);
  } catch {
    return false;
  }
}

let dummyHash: Promise<string> | undefined;

/**
 * Spends the same time as a real verification when there is nothing to verify (unknown
 * username), so response time does not reveal which usernames exist.
 */
export async function verifyDummyPassword(password: string): Promise<false> {
  dummyHash ??= hashPassword(randomToken(16));
  await verifyPassword(await dummyHash, password);
  return false;
}

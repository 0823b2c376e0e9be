import { availableParallelism } from 'node:os';
import { hash, verify } from '@node-rs/argon2';
import pLimit from 'p-limit';

/** `Algorithm.Argon2id` of @node-rs/argon2, a const enum that isolated modules cannot read. */
const ARGON2ID_ALGORITHM = 2;

/** OWASP's argon2id baseline: 19 MiB, 2 passes, 1 lane. */
const ARGON2ID = { algorithm: ARGON2ID_ALGORITHM, memoryCost: 19_456, timeCost: 2, parallelism: 1 };

/**
 * One hash a core at a time: more only wait for a core while each holds its 19 MiB, so a burst
 * of sign-ins raised the service's RSS by 19 MiB a thread of libuv's pool (4) for no speed (100
 * verifications at once: peak 126 MiB and 14.0 s unlimited, 89 MiB and 12.6 s two at a time).
 */
const oneHashPerCore = pLimit(availableParallelism());

export const hashPassword = (password: string) => oneHashPerCore(() => hash(password, ARGON2ID));

export async function verifyPassword(passwordHash: string, password: string): Promise<boolean> {
  try {
    return await oneHashPerCore(() => verify(passwordHash, password));
  } catch {
    return false;
  }
}

/**
 * Verifying against this hash when the account does not exist keeps the answer time the same,
 * so response timing does not reveal which emails have accounts.
 */
let decoy: Promise<string> | undefined;
export async function verifyAgainstDecoy(password: string): Promise<false> {
  decoy ??= hashPassword('decoy-password-that-matches-nothing');
  await verifyPassword(await decoy, password);
  return false;
}

// Password hashing: argon2id with OWASP's minimum parameters (19 MiB memory, 2 iterations, 1 lane). At most
// HASH_CONCURRENCY hashes run at once, so a login flood queues (bounded) instead of exhausting memory.
import { env } from "../../env";
import { Semaphore } from "../../lib/semaphore";
import { assertUncommonPassword } from "./common-passwords";

const ARGON2_OPTIONS = { algorithm: "argon2id", memoryCost: 19_456, timeCost: 2 } as const;

const hashing = new Semaphore(env.HASH_CONCURRENCY, 200);

export function hashPassword(password: string): Promise<string> {
  return hashing.run(() => Bun.password.hash(password, ARGON2_OPTIONS));
}

/** The hash of a password being set by a person (never the seed's): the commonest passwords are refused first. */
export async function hashNewPassword(password: string): Promise<string> {
  await assertUncommonPassword(password);
  return hashPassword(password);
}

export function verifyPassword(password: string, hash: string): Promise<boolean> {
  return hashing.run(() => Bun.password.verify(password, hash).catch(() => false));
}

// Verified against when the account does not exist, so both failures take the same time.
let dummyHash: Promise<string> | undefined;
export async function verifyAgainstNothing(password: string): Promise<false> {
  dummyHash ??= Bun.password.hash("no-such-account-placeholder", ARGON2_OPTIONS);
  await verifyPassword(password, await dummyHash);
  return false;
}

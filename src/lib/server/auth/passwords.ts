import { hash, verify } from "@node-rs/argon2";
import { loadCommonPasswords } from "./common-passwords.ts";

/** argon2id with OWASP's minimum: 19 MiB, 2 iterations, 1 lane (DESIGN §3). */
const ARGON2_OPTIONS = { algorithm: 2, memoryCost: 19_456, timeCost: 2, parallelism: 1 } as const;

/**
 * One password, one byte sequence: "é" typed as one code point on one keyboard and as
 * "e" + accent on another must hash alike, so every password is NFC-normalised first.
 */
function normalizePassword(password: string): string {
  return password.normalize("NFC");
}

export function hashPassword(password: string): Promise<string> {
  return hash(normalizePassword(password), ARGON2_OPTIONS);
}

export async function verifyPassword(passwordHash: string, password: string): Promise<boolean> {
  try {
    return await verify(passwordHash, normalizePassword(password));
  } catch {
    return false;
  }
}

let dummyHash: Promise<string> | undefined;

/**
 * Work comparable to a real check, for an e-mail with no account, so that the answer's
 * timing does not tell which addresses are registered.
 */
export async function verifyAgainstDummy(password: string): Promise<false> {
  dummyHash ??= hashPassword("dummy-password-for-timing");
  await verifyPassword(await dummyHash, password);
  return false;
}

export async function isCommonPassword(password: string): Promise<boolean> {
  const common = await loadCommonPasswords();
  return common.has(normalizePassword(password).trim().toLowerCase());
}

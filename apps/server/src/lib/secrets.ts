import { createHash, randomBytes, randomInt } from 'node:crypto';
import { hash, verify } from '@node-rs/argon2';

/** argon2id (algorithm 2), 19 MiB, t=2: OWASP's minimum recommendation. */
const ARGON2 = { algorithm: 2, memoryCost: 19_456, timeCost: 2, parallelism: 1 } as const;

export const hashPassword = (password: string) => hash(password, ARGON2);

/** A hash of a random password: unknown users are "verified" against it so both paths cost the same. */
let decoy: Promise<string> | undefined;
export async function verifyPassword(passwordHash: string | null, password: string): Promise<boolean> {
  decoy ??= hashPassword(randomBytes(16).toString('hex'));
  const target = passwordHash ?? (await decoy);
  const ok = await verify(target, password).catch(() => false);
  return ok && passwordHash !== null;
}

/** 256 random bits, URL-safe; only its SHA-256 is stored. */
export const newToken = () => randomBytes(32).toString('base64url');
export const sha256 = (value: string) => createHash('sha256').update(value).digest('hex');

export const sixDigitCode = () => String(randomInt(0, 1_000_000)).padStart(6, '0');

/** A readable one-time password: 12 characters from an alphabet without look-alikes. */
export function oneTimePassword(): string {
  const alphabet = 'ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnpqrstuvwxyz23456789';
  return Array.from({ length: 12 }, () => alphabet[randomInt(0, alphabet.length)]).join('');
}

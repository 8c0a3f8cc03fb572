import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { SECRET_MASK_PREFIX } from '@fleetdesk/contracts';

/**
 * Encrypts provider secrets (SMS auth tokens, payment keys, service keys) before they reach the database.
 * AES-256-GCM with a random 96-bit IV per value; the stored text is `v1:<iv>:<tag>:<ciphertext>` in base64url,
 * so a key rotation can add a v2 without guessing which values are old.
 */
export interface SecretBox {
  seal(plain: string): string;
  open(sealed: string): string;
}

const VERSION = 'v1';

export function createSecretBox(key: Buffer): SecretBox {
  if (key.length !== 32) throw new Error('The secrets key must be 32 bytes');
  return {
    seal(plain) {
      const iv = randomBytes(12);
      const cipher = createCipheriv('aes-256-gcm', key, iv);
      const body = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
      return [VERSION, iv, cipher.getAuthTag(), body]
        .map((p) => (typeof p === 'string' ? p : p.toString('base64url')))
        .join(':');
    },
    open(sealed) {
      const [version, iv, tag, body] = sealed.split(':');
      if (version !== VERSION || iv === undefined || tag === undefined || body === undefined) {
        throw new Error('Not a sealed secret');
      }
      const decipher = createDecipheriv('aes-256-gcm', key, Buffer.from(iv, 'base64url'));
      decipher.setAuthTag(Buffer.from(tag, 'base64url'));
      return Buffer.concat([decipher.update(Buffer.from(body, 'base64url')), decipher.final()]).toString('utf8');
    },
  };
}

/**
 * The key: SECRETS_KEY (32 bytes, base64) when set; otherwise one generated once into DATA_DIR/secrets.key
 * (mode 0600) so the embedded default keeps working across restarts without configuration.
 */
export function loadSecretsKey(opts: { secretsKey: string | undefined; dataDir: string }): Buffer {
  if (opts.secretsKey !== undefined) return Buffer.from(opts.secretsKey, 'base64');
  const file = path.join(opts.dataDir, 'secrets.key');
  try {
    return Buffer.from(fs.readFileSync(file, 'utf8').trim(), 'base64');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
  }
  const key = randomBytes(32);
  fs.mkdirSync(opts.dataDir, { recursive: true });
  // `wx` fails if another process wrote the file first; then that key wins.
  try {
    fs.writeFileSync(file, key.toString('base64'), { mode: 0o600, flag: 'wx' });
    return key;
  } catch {
    return Buffer.from(fs.readFileSync(file, 'utf8').trim(), 'base64');
  }
}

/**
 * How a secret is shown once stored: never in full. Short values are fully hidden; longer ones keep their
 * last four characters so an operator can tell which key is configured.
 */
export function maskSecret(plain: string): string {
  return plain.length <= 8 ? SECRET_MASK_PREFIX : `${SECRET_MASK_PREFIX}${plain.slice(-4)}`;
}

/** The one box of a running server; bootstrap and the app build it from the same configuration. */
export const secretBoxFor = (config: { secretsKey: string | undefined; dataDir: string }) =>
  createSecretBox(loadSecretsKey(config));

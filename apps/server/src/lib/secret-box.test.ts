import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { isSecretMask } from '@fleetdesk/contracts';
import { describe, expect, it } from 'vitest';
import { createSecretBox, loadSecretsKey, maskSecret } from './secret-box.ts';

describe('secret box', () => {
  const box = createSecretBox(Buffer.alloc(32, 7));

  it('round-trips and never stores the plain text', () => {
    const sealed = box.seal('sk_live_abcdef123456');
    expect(sealed).not.toContain('abcdef');
    expect(sealed.startsWith('v1:')).toBe(true);
    expect(box.open(sealed)).toBe('sk_live_abcdef123456');
  });

  it('uses a fresh IV each time', () => {
    expect(box.seal('same')).not.toBe(box.seal('same'));
  });

  it('refuses a tampered value and a value sealed with another key', () => {
    const sealed = box.seal('secret-value');
    const parts = sealed.split(':');
    const body = Buffer.from(parts[3] as string, 'base64url');
    body[0] = (body[0] as number) ^ 1;
    parts[3] = body.toString('base64url');
    expect(() => box.open(parts.join(':'))).toThrow();
    expect(() => createSecretBox(Buffer.alloc(32, 8)).open(sealed)).toThrow();
    expect(() => box.open('plain text')).toThrow('Not a sealed secret');
  });

  it('masks: short values entirely, longer ones keep the last four characters', () => {
    expect(maskSecret('abc')).toBe('••••••••');
    expect(maskSecret('sk_test_1234567890')).toBe('••••••••7890');
    expect(isSecretMask(maskSecret('sk_test_1234567890'))).toBe(true);
    expect(isSecretMask('sk_test_1234567890')).toBe(false);
  });

  it('generates a key into the data directory once and reuses it', () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'fleetdesk-key-'));
    const first = loadSecretsKey({ secretsKey: undefined, dataDir: dir });
    const second = loadSecretsKey({ secretsKey: undefined, dataDir: dir });
    expect(first.equals(second)).toBe(true);
    expect(first.length).toBe(32);
    expect(fs.statSync(path.join(dir, 'secrets.key')).mode & 0o777).toBe(0o600);
    const fromEnv = loadSecretsKey({ secretsKey: Buffer.alloc(32, 1).toString('base64'), dataDir: dir });
    expect(fromEnv.equals(Buffer.alloc(32, 1))).toBe(true);
  });
});

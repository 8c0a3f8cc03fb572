import { createReadStream } from 'node:fs';
import { mkdir, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { Readable } from 'node:stream';

/** Where uploaded files live; an S3-compatible store implements the same three calls. */
export interface FileStorage {
  put(key: string, content: Buffer): Promise<void>;
  open(key: string): Promise<Readable | undefined>;
}

const SAFE_KEY = /^[a-z0-9-]+\/[A-Za-z0-9-]+\.(png|jpg)$/;

export function localStorage(root: string): FileStorage {
  const resolve = (key: string) => {
    if (!SAFE_KEY.test(key)) throw new Error(`Unsafe storage key ${key}`);
    return path.join(root, key);
  };
  return {
    async put(key, content) {
      const file = resolve(key);
      await mkdir(path.dirname(file), { recursive: true });
      await writeFile(file, content);
    },
    async open(key) {
      if (!SAFE_KEY.test(key)) return undefined;
      const file = resolve(key);
      const info = await stat(file).catch(() => undefined);
      return info?.isFile() ? createReadStream(file) : undefined;
    },
  };
}

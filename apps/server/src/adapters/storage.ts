import { randomUUID } from 'node:crypto';
import { createReadStream, createWriteStream } from 'node:fs';
import { mkdir, rename, stat, unlink, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';

/** Where uploaded files live; an S3-compatible store implements the same calls. */
export interface FileStorage {
  put(key: string, content: Buffer): Promise<void>;
  open(key: string, range?: { start: number; end: number }): Promise<Readable | undefined>;
  /**
   * Writes a stream to `key` chunk by chunk (never holding it in memory): into a temporary file first, moved
   * into place only when the stream ends well, removed when it fails. Answers the bytes written.
   */
  putStream(key: string, content: Readable): Promise<number>;
  /** The size of a stored file, undefined when there is none. */
  size(key: string): Promise<number | undefined>;
  move(from: string, to: string): Promise<void>;
  remove(key: string): Promise<void>;
}

const SAFE_KEY = /^[a-z0-9-]+\/[A-Za-z0-9-]+\.(png|jpg|mp4|webm|upload)$/;

export function localStorage(root: string): FileStorage {
  const resolve = (key: string) => {
    if (!SAFE_KEY.test(key)) throw new Error(`Unsafe storage key ${key}`);
    return path.join(root, key);
  };
  const sizeOf = async (key: string) => {
    if (!SAFE_KEY.test(key)) return undefined;
    const info = await stat(resolve(key)).catch(() => undefined);
    return info?.isFile() ? info.size : undefined;
  };
  return {
    async put(key, content) {
      const file = resolve(key);
      await mkdir(path.dirname(file), { recursive: true });
      await writeFile(file, content);
    },
    async open(key, range) {
      if ((await sizeOf(key)) === undefined) return undefined;
      return createReadStream(resolve(key), range);
    },
    async putStream(key, content) {
      const file = resolve(key);
      await mkdir(path.dirname(file), { recursive: true });
      const part = `${file}.${randomUUID()}.part`;
      const out = createWriteStream(part);
      try {
        await pipeline(content, out);
        await rename(part, file);
        return out.bytesWritten;
      } catch (error) {
        await unlink(part).catch(() => undefined);
        throw error;
      }
    },
    size: sizeOf,
    async move(from, to) {
      await rename(resolve(from), resolve(to));
    },
    async remove(key) {
      await unlink(resolve(key)).catch(() => undefined);
    },
  };
}

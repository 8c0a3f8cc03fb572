import { randomUUID } from 'node:crypto';
import { Transform } from 'node:stream';
import { type AttachmentKind, RECORD_IMAGE_MAX_BYTES, RECORD_VIDEO_MAX_BYTES } from '@fleetdesk/contracts';
import type { FastifyRequest } from 'fastify';
import { fileTypeFromBuffer } from 'file-type';
import type { FileStorage } from '../../adapters/storage.ts';
import { DomainError } from '../../errors.ts';
import { reencodeImage } from '../../lib/images.ts';

/** The content types a record accepts, judged by the first bytes (never by name or declared type). */
const ACCEPTED: Record<string, { kind: AttachmentKind; ext: 'png' | 'jpg' | 'mp4' | 'webm'; max: number }> = {
  'image/png': { kind: 'image', ext: 'png', max: RECORD_IMAGE_MAX_BYTES },
  'image/jpeg': { kind: 'image', ext: 'jpg', max: RECORD_IMAGE_MAX_BYTES },
  'video/mp4': { kind: 'video', ext: 'mp4', max: RECORD_VIDEO_MAX_BYTES },
  'video/webm': { kind: 'video', ext: 'webm', max: RECORD_VIDEO_MAX_BYTES },
};
/** Bytes file-type needs to recognise every accepted type. */
const HEAD_BYTES = 4100;
const CAPTION_MAX = 500;

export const unsupported = (message = 'Only JPEG or PNG images and MP4 or WebM videos are accepted') =>
  new DomainError('UnsupportedMediaType', 415, message);
const tooLarge = (kind: AttachmentKind | undefined) =>
  new DomainError(
    'PayloadTooLarge',
    413,
    kind === 'image' ? 'Images are limited to 5 MB' : 'Videos are limited to 100 MB (images to 5 MB)',
  );
const sendAsForm = () =>
  new DomainError('BadRequest', 400, 'Send the file as multipart/form-data field "file" (and "content")');

export interface ReceivedFile {
  kind: AttachmentKind;
  contentType: string;
  storageKey: string;
  sizeBytes: number;
  fileName: string | null;
  content: string | null;
}

/**
 * Guards an upload while it streams: counts the bytes, keeps the first ones to judge the type, refuses an
 * unsupported type (415) as soon as the head is seen and anything past its type's limit (413) at the byte that
 * crosses it. Images (≤ 5 MB) are also kept whole, for sharp; videos only pass through.
 */
class UploadGuard extends Transform {
  bytes = 0;
  private head: Buffer[] = [];
  private headBytes = 0;
  type: (typeof ACCEPTED)[string] & { mime: string } = undefined as never;
  private kept: Buffer[] = [];

  override _transform(chunk: Buffer, _enc: BufferEncoding, done: (error?: Error | null, data?: Buffer) => void) {
    this.bytes += chunk.length;
    if (this.type) return this.pass(chunk, done);
    this.head.push(chunk);
    this.headBytes += chunk.length;
    if (this.headBytes < HEAD_BYTES) return done();
    this.judge().then(
      () => this.pass(Buffer.concat(this.head), done),
      (error: Error) => done(error),
    );
  }

  override _flush(done: (error?: Error | null) => void) {
    if (this.type) return done();
    this.judge().then(
      () => {
        this.push(Buffer.concat(this.head));
        if (this.type.kind === 'image') this.kept.push(...this.head);
        done();
      },
      (error: Error) => done(error),
    );
  }

  private async judge() {
    const sniffed = await fileTypeFromBuffer(Buffer.concat(this.head));
    const accepted = sniffed ? ACCEPTED[sniffed.mime] : undefined;
    if (!sniffed || !accepted) throw unsupported();
    this.type = { ...accepted, mime: sniffed.mime };
  }

  private pass(chunk: Buffer, done: (error?: Error | null, data?: Buffer) => void) {
    if (this.bytes > this.type.max) return done(tooLarge(this.type.kind));
    if (this.type.kind === 'image') this.kept.push(chunk);
    done(null, chunk);
  }

  image() {
    return Buffer.concat(this.kept);
  }
}

function asClientError(error: unknown): unknown {
  if (error instanceof DomainError) return error;
  const code = (error as { code?: string }).code;
  if (code === 'FST_REQ_FILE_TOO_LARGE') return tooLarge(undefined);
  const status = (error as { statusCode?: number }).statusCode;
  return status !== undefined && status >= 400 && status < 500
    ? error
    : new DomainError('BadRequest', 400, 'The multipart body is malformed');
}

/**
 * Receives a record attachment: the multipart field "content" (the caption, before or after the file) and the one
 * "file", streamed into storage under a temporary key while it is judged, then moved to its final key (videos) or
 * re-encoded by sharp (images, metadata dropped). Nothing but the first bytes and an image's ≤ 5 MB is held in
 * memory. The caller stores the row; on its failure it removes `storageKey`.
 */
export async function receiveAttachment(
  request: FastifyRequest,
  storage: FileStorage,
  folder = 'checklist-records',
): Promise<ReceivedFile> {
  if (!request.isMultipart()) throw sendAsForm();
  const temp = `${folder}/${randomUUID()}.upload`;
  let received: Omit<ReceivedFile, 'content'> | undefined;
  let content: string | null = null;
  try {
    const parts = request.parts({ limits: { fileSize: RECORD_VIDEO_MAX_BYTES + 1, files: 1, fields: 5 } });
    for await (const part of parts) {
      if (part.type === 'field') {
        if (part.fieldname === 'content') content = String(part.value ?? '').trim() || null;
        continue;
      }
      if (part.fieldname !== 'file' || received) {
        part.file.resume();
        continue;
      }
      const guard = new UploadGuard();
      // The refusal reaches us through putStream's pipeline; once it has ended, a late repeat of it (the
      // multipart stream failing after the guard) must not become an uncaught exception.
      guard.on('error', () => undefined);
      part.file.on('error', (error) => guard.destroy(error));
      await storage.putStream(temp, part.file.pipe(guard));
      if (part.file.truncated) throw tooLarge(guard.type?.kind);
      const { kind, ext, mime } = guard.type;
      const key = `${folder}/${randomUUID()}.${ext}`;
      if (kind === 'video') {
        await storage.move(temp, key);
        received = {
          kind,
          contentType: mime,
          storageKey: key,
          sizeBytes: guard.bytes,
          fileName: part.filename || null,
        };
      } else {
        const image = await reencodeImage(guard.image()).catch(() => {
          throw unsupported('The image is damaged and cannot be read');
        });
        await storage.put(key, image.content);
        await storage.remove(temp);
        received = {
          kind,
          contentType: image.format === 'png' ? 'image/png' : 'image/jpeg',
          storageKey: key,
          sizeBytes: image.content.length,
          fileName: part.filename || null,
        };
      }
    }
  } catch (error) {
    await storage.remove(temp);
    if (received) await storage.remove(received.storageKey);
    throw asClientError(error);
  }
  if (!received) throw sendAsForm();
  if (content && content.length > CAPTION_MAX) {
    await storage.remove(received.storageKey);
    throw new DomainError('ValidationError', 400, `At most ${CAPTION_MAX} characters`, {
      fields: { content: `At most ${CAPTION_MAX} characters` },
    });
  }
  return { ...received, content };
}

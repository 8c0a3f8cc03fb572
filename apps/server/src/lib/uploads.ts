import type { FastifyRequest } from 'fastify';
import { DomainError } from '../errors.ts';

const sendAsForm = () => new DomainError('BadRequest', 400, 'Send the file as multipart/form-data field "file"');
const malformed = () => new DomainError('BadRequest', 400, 'The multipart body is malformed');

/** Fastify's own refusals carry a 4xx status; anything else the multipart parser throws is a broken body. */
function asClientError(error: unknown): unknown {
  if (error instanceof DomainError) return error;
  const status = (error as { statusCode?: number }).statusCode;
  return status !== undefined && status >= 400 && status < 500 ? error : malformed();
}

/**
 * Reads the one file of a multipart upload into memory, refusing more than `maxBytes` with `tooLarge()`.
 * A request that is not multipart, carries no file or is cut short is a 400, never a 500.
 */
export async function readUpload(request: FastifyRequest, maxBytes: number, tooLarge: () => Error): Promise<Buffer> {
  if (!request.isMultipart()) throw sendAsForm();
  const file = await request.file({ limits: { fileSize: maxBytes, files: 1 } }).catch((error: unknown) => {
    throw asClientError(error);
  });
  if (!file) throw sendAsForm();
  return file.toBuffer().catch((error: { code?: string }) => {
    if (error.code === 'FST_REQ_FILE_TOO_LARGE') throw tooLarge();
    throw asClientError(error);
  });
}

import { inflateRawSync } from 'node:zlib';

export type ZipCheck = 'ok' | 'too-large' | 'malformed';

/**
 * Whether a zip (an XLSX upload) stays within `maxBytes` once unpacked. Spreadsheet libraries inflate every
 * entry into memory, so a 2 MB upload of highly compressed zeros could cost gigabytes. The sizes a zip declares
 * can lie, so each entry is really inflated here with a hard output cap (zlib's maxOutputLength), one at a time,
 * and thrown away.
 */
export function checkZip(content: Buffer, maxBytes: number): ZipCheck {
  const end = endOfCentralDirectory(content);
  if (end < 0) return 'malformed';
  const entries = content.readUInt16LE(end + 10);
  let at = content.readUInt32LE(end + 16);
  let budget = maxBytes;
  for (let i = 0; i < entries; i++) {
    if (at + 46 > content.length || content.readUInt32LE(at) !== 0x02014b50) return 'malformed';
    const method = content.readUInt16LE(at + 10);
    const compressed = content.readUInt32LE(at + 20);
    const declared = content.readUInt32LE(at + 24);
    const nameLength = content.readUInt16LE(at + 28);
    const extraLength = content.readUInt16LE(at + 30);
    const commentLength = content.readUInt16LE(at + 32);
    const local = content.readUInt32LE(at + 42);
    if (declared > budget) return 'too-large';
    if (local + 30 > content.length || content.readUInt32LE(local) !== 0x04034b50) return 'malformed';
    const dataStart = local + 30 + content.readUInt16LE(local + 26) + content.readUInt16LE(local + 28);
    const data = content.subarray(dataStart, dataStart + compressed);
    if (data.length !== compressed) return 'malformed';
    let size: number;
    if (method === 0) size = compressed;
    else if (method === 8) {
      try {
        size = inflateRawSync(data, { maxOutputLength: Math.max(1, budget) }).length;
      } catch (error) {
        return (error as NodeJS.ErrnoException).code === 'ERR_BUFFER_TOO_LARGE' ? 'too-large' : 'malformed';
      }
    } else return 'malformed';
    budget -= size;
    if (budget < 0) return 'too-large';
    at += 46 + nameLength + extraLength + commentLength;
  }
  return 'ok';
}

/** The offset of the end-of-central-directory record (it sits in the last 64 KiB + 22 bytes), or -1. */
function endOfCentralDirectory(content: Buffer): number {
  const lowest = Math.max(0, content.length - 0xffff - 22);
  for (let i = content.length - 22; i >= lowest; i--) {
    if (content.readUInt32LE(i) === 0x06054b50) return i;
  }
  return -1;
}

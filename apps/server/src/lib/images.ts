import { fileTypeFromBuffer } from 'file-type';
import sharp from 'sharp';
import { DomainError } from '../errors.ts';

export type ImageFormat = 'png' | 'jpg';

/**
 * Accepts JPEG or PNG judged by their bytes (never by name or declared type), then re-encodes them,
 * which drops metadata (EXIF, GPS) and anything appended to the image.
 */
export async function reencodeImage(
  content: Buffer,
  maxSide = 2048,
): Promise<{ content: Buffer; format: ImageFormat }> {
  const type = await fileTypeFromBuffer(content);
  if (type?.mime !== 'image/png' && type?.mime !== 'image/jpeg') {
    throw new DomainError('UnsupportedMediaType', 400, 'Only JPEG or PNG images are accepted');
  }
  try {
    const image = sharp(content, { failOn: 'error' })
      .rotate()
      .resize(maxSide, maxSide, { fit: 'inside', withoutEnlargement: true });
    if (type.mime === 'image/png') return { content: await image.png().toBuffer(), format: 'png' };
    return { content: await image.jpeg({ quality: 85, mozjpeg: true }).toBuffer(), format: 'jpg' };
  } catch {
    throw new DomainError('UnsupportedMediaType', 400, 'The image is damaged and cannot be read');
  }
}

export const imageTooLarge = () => new DomainError('PayloadTooLarge', 413, 'image too large');

import { WORKSHOP_IMAGE_MAX_BYTES } from '@fleetdesk/contracts';

/**
 * What the user decided about an image on a form that is not saved yet: nothing (keep what is stored), a new
 * file to upload once the object exists, or remove the stored one. Uploads need the object's id, so a new work
 * item, option or group gets its image right after it is created.
 */
export type ImageChoice = { file: File } | 'remove' | undefined;

export const WORKSHOP_IMAGE_TYPES = ['image/jpeg', 'image/png'] as const;

/** The quick client-side check (document 2 §9: JPEG or PNG up to 5 MB); the server judges the bytes again. */
export function imageProblem(file: Pick<File, 'type' | 'size'>): 'wrongType' | 'tooLarge' | null {
  if (!(WORKSHOP_IMAGE_TYPES as readonly string[]).includes(file.type)) return 'wrongType';
  if (file.size > WORKSHOP_IMAGE_MAX_BYTES) return 'tooLarge';
  return null;
}

/** The call an image choice needs after the object is saved: upload, delete, or none. */
export function imageCall(choice: ImageChoice, storedUrl: string | null | undefined): 'upload' | 'remove' | null {
  if (choice === undefined) return null;
  if (choice === 'remove') return storedUrl ? 'remove' : null;
  return 'upload';
}

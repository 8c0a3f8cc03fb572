import { RECORD_IMAGE_MAX_BYTES, RECORD_VIDEO_MAX_BYTES } from '@fleetdesk/contracts';
import { describe, expect, it } from 'vitest';
import { attachmentFileProblem } from './attachment-upload.tsx';

describe('a photo or video chosen for a record', () => {
  it('takes JPEG and PNG photos up to 5 MB', () => {
    expect(attachmentFileProblem({ type: 'image/jpeg', size: RECORD_IMAGE_MAX_BYTES })).toBeNull();
    expect(attachmentFileProblem({ type: 'image/png', size: 1000 })).toBeNull();
    expect(attachmentFileProblem({ type: 'image/png', size: RECORD_IMAGE_MAX_BYTES + 1 })).toBe('imageTooLarge');
  });

  it('takes MP4 and WebM videos up to 100 MB', () => {
    expect(attachmentFileProblem({ type: 'video/mp4', size: RECORD_VIDEO_MAX_BYTES })).toBeNull();
    expect(attachmentFileProblem({ type: 'video/webm', size: 10 })).toBeNull();
    expect(attachmentFileProblem({ type: 'video/mp4', size: RECORD_VIDEO_MAX_BYTES + 1 })).toBe('videoTooLarge');
  });

  it('refuses anything else (a HEIC photo, a QuickTime video, a PDF)', () => {
    expect(attachmentFileProblem({ type: 'image/heic', size: 10 })).toBe('wrongType');
    expect(attachmentFileProblem({ type: 'video/quicktime', size: 10 })).toBe('wrongType');
    expect(attachmentFileProblem({ type: 'application/pdf', size: 10 })).toBe('wrongType');
  });
});

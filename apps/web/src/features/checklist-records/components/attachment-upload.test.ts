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

describe('a photo chosen where only photos are taken (a B2B ticket)', () => {
  it('takes JPEG and PNG up to 5 MB and refuses videos', () => {
    expect(attachmentFileProblem({ type: 'image/png', size: 1000 }, { videos: false })).toBeNull();
    expect(attachmentFileProblem({ type: 'image/jpeg', size: RECORD_IMAGE_MAX_BYTES + 1 }, { videos: false })).toBe(
      'imageTooLarge',
    );
    expect(attachmentFileProblem({ type: 'video/mp4', size: 10 }, { videos: false })).toBe('wrongType');
  });
});

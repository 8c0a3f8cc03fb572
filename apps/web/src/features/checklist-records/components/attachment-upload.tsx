import { CameraOutlined } from '@ant-design/icons';
import { RECORD_IMAGE_MAX_BYTES, RECORD_VIDEO_MAX_BYTES } from '@fleetdesk/contracts';
import { Alert, Button, Flex, Progress, Typography } from 'antd';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isApiError } from '../../../shared/http.ts';
import { useUploadAttachment } from '../api.ts';
import { formatBytes } from './attachment-gallery.tsx';

/** What the camera input offers; the server takes JPEG and PNG photos, MP4 and WebM videos (document 2 §9). */
export const ATTACHMENT_ACCEPT = 'image/*,video/mp4,video/webm';
/** What a photo-only input offers (a B2B ticket's photos): the two image types the server takes. */
export const PHOTO_ACCEPT = 'image/jpeg,image/png';
const IMAGE_TYPES = ['image/jpeg', 'image/png'];
const VIDEO_TYPES = ['video/mp4', 'video/webm'];

export type AttachmentFileProblem = 'wrongType' | 'imageTooLarge' | 'videoTooLarge';

/**
 * A quick answer before sending (the server judges the bytes again): type and size by document 2 §9. With
 * `videos: false` (photos only) a video is the wrong type.
 */
export function attachmentFileProblem(
  file: { type: string; size: number },
  { videos = true }: { videos?: boolean } = {},
): AttachmentFileProblem | null {
  if (IMAGE_TYPES.includes(file.type)) return file.size > RECORD_IMAGE_MAX_BYTES ? 'imageTooLarge' : null;
  if (videos && VIDEO_TYPES.includes(file.type)) return file.size > RECORD_VIDEO_MAX_BYTES ? 'videoTooLarge' : null;
  return 'wrongType';
}

/** The server's own words for a refusal (4xx); network and server failures are notified by the http layer. */
export function refusalMessage(error: unknown): string | null {
  return isApiError(error) && error.status > 0 && error.status < 500 ? error.message : null;
}

export interface FileUploadButtonProps {
  label: string;
  /** The input's `accept`, e.g. ATTACHMENT_ACCEPT or PHOTO_ACCEPT. */
  accept: string;
  /** Sends the file, reporting the fraction sent; rejects with the server's refusal. */
  upload: (file: File, onProgress: (fraction: number) => void) => Promise<unknown>;
  /** Why the file is refused before sending (translated), or null to send it. */
  check?: (file: File) => string | null;
  /** The refusal shown beside the button (translated), or null to show none; the server's words by default. */
  refusal?: (error: unknown, file: File) => string | null;
  /** On the file input (Playwright's setInputFiles); the button gets `${testId}-button`, a refusal `${testId}-problem`. */
  testId: string;
}

/**
 * "Add photo": a touch-size button over a real file input that opens the tablet's rear camera (`capture`), or the
 * file picker on a desktop; the chosen file is checked, sent by `upload` with a progress bar, and refusals (wrong
 * type, too large, what the server says) are shown beside the button. What is uploaded where is the caller's.
 */
export function FileUploadButton({
  label,
  accept,
  upload,
  check,
  refusal = refusalMessage,
  testId,
}: FileUploadButtonProps) {
  const { t } = useTranslation('checklist-records');
  const input = useRef<HTMLInputElement>(null);
  const [progress, setProgress] = useState<number | null>(null);
  const [problem, setProblem] = useState<string | null>(null);

  const send = async (file: File) => {
    setProblem(null);
    const local = check?.(file) ?? null;
    if (local) {
      setProblem(local);
      return;
    }
    setProgress(0);
    try {
      await upload(file, setProgress);
    } catch (error) {
      setProblem(refusal(error, file));
    } finally {
      setProgress(null);
    }
  };

  return (
    <Flex vertical gap={4} align="flex-start">
      <input
        ref={input}
        type="file"
        accept={accept}
        capture="environment"
        hidden
        aria-label={label}
        data-testid={testId}
        onChange={(event) => {
          const file = event.target.files?.[0];
          // Cleared so the same file can be chosen again after a refusal.
          event.target.value = '';
          if (file) void send(file);
        }}
      />
      <Button
        icon={<CameraOutlined />}
        onClick={() => input.current?.click()}
        loading={progress !== null}
        style={{ minHeight: 44 }}
        data-testid={`${testId}-button`}
      >
        {label}
      </Button>
      {progress !== null && (
        <Flex align="center" gap={8} style={{ width: 280 }}>
          <Progress percent={Math.round(progress * 100)} size="small" style={{ flex: 1, margin: 0 }} />
          <Typography.Text type="secondary" style={{ fontSize: 12 }}>
            {t('attachments.uploading')}
          </Typography.Text>
        </Flex>
      )}
      {problem && (
        <Alert
          type="error"
          showIcon
          title={problem}
          closable
          onClose={() => setProblem(null)}
          data-testid={`${testId}-problem`}
        />
      )}
    </Flex>
  );
}

/** A record's (or one of its work items') "Add photo or video": the FileUploadButton over the record's upload. */
export function AttachmentUpload({
  recordId,
  workItem,
  label,
}: {
  recordId: string;
  workItem?: { groupId: string; workItemId: string };
  label: string;
}) {
  const { t } = useTranslation('checklist-records');
  const upload = useUploadAttachment(recordId);
  const limits = { image: formatBytes(RECORD_IMAGE_MAX_BYTES), video: formatBytes(RECORD_VIDEO_MAX_BYTES) };
  return (
    <FileUploadButton
      label={label}
      accept={ATTACHMENT_ACCEPT}
      testId={workItem ? `upload-${workItem.groupId}-${workItem.workItemId}` : 'upload-record'}
      upload={(file, onProgress) => upload.mutateAsync({ file, workItem, onProgress })}
      check={(file) => {
        const problem = attachmentFileProblem(file);
        return problem ? t(`attachments.problem.${problem}`, limits) : null;
      }}
      refusal={(error, file) =>
        isApiError(error) && error.status === 413
          ? t(
              file.type.startsWith('video/')
                ? 'attachments.problem.videoTooLarge'
                : 'attachments.problem.imageTooLarge',
              limits,
            )
          : refusalMessage(error)
      }
    />
  );
}

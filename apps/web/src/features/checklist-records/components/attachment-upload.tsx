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
const IMAGE_TYPES = ['image/jpeg', 'image/png'];
const VIDEO_TYPES = ['video/mp4', 'video/webm'];

export type AttachmentFileProblem = 'wrongType' | 'imageTooLarge' | 'videoTooLarge';

/** A quick answer before sending (the server judges the bytes again): type and size by document 2 §9. */
export function attachmentFileProblem(file: { type: string; size: number }): AttachmentFileProblem | null {
  if (IMAGE_TYPES.includes(file.type)) return file.size > RECORD_IMAGE_MAX_BYTES ? 'imageTooLarge' : null;
  if (VIDEO_TYPES.includes(file.type)) return file.size > RECORD_VIDEO_MAX_BYTES ? 'videoTooLarge' : null;
  return 'wrongType';
}

/**
 * "Add photo": a touch-size button over a file input that opens the tablet's rear camera (`capture`), or the file
 * picker on a desktop; the chosen photo or video is uploaded to the record, or to one of its work items, with a
 * progress bar, and refusals (wrong type, too large) are shown beside the button.
 */
export function AttachmentUpload({
  recordId,
  workItem,
  label,
  compact = false,
}: {
  recordId: string;
  workItem?: { groupId: string; workItemId: string };
  label: string;
  compact?: boolean;
}) {
  const { t } = useTranslation('checklist-records');
  const input = useRef<HTMLInputElement>(null);
  const upload = useUploadAttachment(recordId);
  const [progress, setProgress] = useState<number | null>(null);
  const [problem, setProblem] = useState<string | null>(null);

  const send = async (file: File) => {
    setProblem(null);
    const local = attachmentFileProblem(file);
    if (local) {
      setProblem(
        t(`attachments.problem.${local}`, {
          image: formatBytes(RECORD_IMAGE_MAX_BYTES),
          video: formatBytes(RECORD_VIDEO_MAX_BYTES),
        }),
      );
      return;
    }
    setProgress(0);
    try {
      await upload.mutateAsync({ file, workItem, onProgress: setProgress });
    } catch (error) {
      if (isApiError(error) && error.status === 413)
        setProblem(
          t(
            file.type.startsWith('video/') ? 'attachments.problem.videoTooLarge' : 'attachments.problem.imageTooLarge',
            {
              image: formatBytes(RECORD_IMAGE_MAX_BYTES),
              video: formatBytes(RECORD_VIDEO_MAX_BYTES),
            },
          ),
        );
      else if (isApiError(error) && error.status > 0 && error.status < 500) setProblem(error.message);
    } finally {
      setProgress(null);
    }
  };

  return (
    <Flex vertical gap={4} style={{ minWidth: compact ? undefined : 240 }}>
      <input
        ref={input}
        type="file"
        accept={ATTACHMENT_ACCEPT}
        capture="environment"
        hidden
        aria-label={label}
        data-testid={workItem ? `upload-${workItem.groupId}-${workItem.workItemId}` : 'upload-record'}
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
        loading={upload.isPending}
        style={{ minHeight: 44 }}
      >
        {label}
      </Button>
      {progress !== null && (
        <Flex align="center" gap={8}>
          <Progress percent={Math.round(progress * 100)} size="small" style={{ flex: 1, margin: 0 }} />
          <Typography.Text type="secondary" style={{ fontSize: 12 }}>
            {t('attachments.uploading')}
          </Typography.Text>
        </Flex>
      )}
      {problem && <Alert type="error" showIcon title={problem} closable onClose={() => setProblem(null)} />}
    </Flex>
  );
}

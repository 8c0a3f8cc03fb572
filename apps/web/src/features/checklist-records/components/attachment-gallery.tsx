import { FileImageOutlined, PlayCircleOutlined, VideoCameraOutlined } from '@ant-design/icons';
import type { RecordAttachment } from '@fleetdesk/contracts';
import { Button, Empty, Flex, Image, Skeleton, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useAttachmentUrl } from '../api.ts';

const TILE = 160;
const frame = { width: TILE, height: TILE, borderRadius: 8, background: 'rgba(128,128,128,0.08)' } as const;

/** "3.2 MB": an attachment's size in the units a person reads. */
export function formatBytes(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 * 1024) return `${(bytes / 1024).toFixed(0)} KB`;
  return `${(bytes / (1024 * 1024)).toFixed(1)} MB`;
}

/**
 * A record's photos and videos: image thumbnails that open antd's full-size preview, and videos that load into a
 * `<video controls>` player when asked (a video can be 100 MB; it is not fetched just because the page opened).
 * Every file comes through the permission-checked attachment call with the staff member's token.
 * `workItemNames` captions the attachments of one work item with its name.
 */
export function AttachmentGallery({
  recordId,
  attachments,
  workItemNames = {},
}: {
  recordId: string;
  attachments: RecordAttachment[];
  workItemNames?: Record<string, string>;
}) {
  const { t } = useTranslation('checklist-records');
  if (attachments.length === 0)
    return <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('attachments.none')} />;
  return (
    <Image.PreviewGroup>
      <Flex wrap gap={16} data-testid="attachment-gallery">
        {attachments.map((attachment) => (
          <Flex key={attachment.id} vertical gap={4} style={{ width: TILE }}>
            {attachment.kind === 'image' ? (
              <ImageTile recordId={recordId} attachment={attachment} />
            ) : (
              <VideoTile recordId={recordId} attachment={attachment} />
            )}
            <Typography.Text ellipsis={{ tooltip: true }} style={{ fontSize: 12 }}>
              {attachment.content || attachment.fileName || t(`attachments.kind.${attachment.kind}`)}
            </Typography.Text>
            <Typography.Text type="secondary" style={{ fontSize: 12 }}>
              {attachment.workItemId && workItemNames[attachment.workItemId]
                ? `${workItemNames[attachment.workItemId]} · `
                : ''}
              {formatBytes(attachment.sizeBytes)}
            </Typography.Text>
          </Flex>
        ))}
      </Flex>
    </Image.PreviewGroup>
  );
}

function ImageTile({ recordId, attachment }: { recordId: string; attachment: RecordAttachment }) {
  const { t } = useTranslation('checklist-records');
  const image = useAttachmentUrl(recordId, attachment.id, true);
  if (image.isLoading) return <Skeleton.Image active style={frame} />;
  if (image.isError || !image.url)
    return (
      <Flex vertical align="center" justify="center" style={frame}>
        <FileImageOutlined style={{ fontSize: 24 }} />
        <Typography.Text type="secondary">{t('attachments.failed')}</Typography.Text>
      </Flex>
    );
  return (
    <Image
      src={image.url}
      alt={attachment.content || attachment.fileName || t('attachments.kind.image')}
      width={TILE}
      height={TILE}
      style={{ ...frame, objectFit: 'cover' }}
    />
  );
}

function VideoTile({ recordId, attachment }: { recordId: string; attachment: RecordAttachment }) {
  const { t } = useTranslation('checklist-records');
  const [requested, setRequested] = useState(false);
  const video = useAttachmentUrl(recordId, attachment.id, requested);
  if (video.url)
    return (
      // biome-ignore lint/a11y/useMediaCaption: workshop footage has no speech to caption
      <video
        src={video.url}
        controls
        autoPlay
        playsInline
        aria-label={attachment.content || attachment.fileName || t('attachments.kind.video')}
        style={{ ...frame, objectFit: 'contain', background: '#000' }}
      />
    );
  return (
    <Flex vertical align="center" justify="center" gap={8} style={frame}>
      <VideoCameraOutlined style={{ fontSize: 28 }} />
      {video.isError ? (
        <Typography.Text type="secondary">{t('attachments.failed')}</Typography.Text>
      ) : (
        <Button
          icon={<PlayCircleOutlined />}
          loading={video.isLoading}
          onClick={() => setRequested(true)}
          style={{ minHeight: 44 }}
        >
          {t('attachments.play')}
        </Button>
      )}
    </Flex>
  );
}

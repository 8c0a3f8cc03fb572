import { FileImageOutlined, PlayCircleOutlined, VideoCameraOutlined } from '@ant-design/icons';
import type { RecordAttachment } from '@fleetdesk/contracts';
import { Button, Empty, Flex, Image, Skeleton, Typography } from 'antd';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { type FileSource, recordAttachmentFiles, useFileUrl } from '../api.ts';

const TILE = 160;
const frame = { width: TILE, height: TILE, borderRadius: 8, background: 'rgba(128,128,128,0.08)' } as const;

/** "3.2 MB": an attachment's size in the units a person reads. */
export function formatBytes(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 * 1024) return `${(bytes / 1024).toFixed(0)} KB`;
  return `${(bytes / (1024 * 1024)).toFixed(1)} MB`;
}

/** One tile of a gallery. */
export interface GalleryFile {
  id: string;
  kind: 'image' | 'video';
  /** The line under the tile; the image's accessible name unless `alt` says otherwise. */
  caption: string;
  alt?: string;
  /** The secondary line (size, work item). */
  note: string;
}

/**
 * Photos and videos: image thumbnails that open antd's full-size preview, and videos that load into a
 * `<video controls>` player when asked (a video can be 100 MB; it is not fetched just because the page opened).
 * Every file comes from `source`, the permission-checked file call with the staff member's token. `actions` puts
 * buttons (delete) under a tile.
 */
export function FileGallery({
  files,
  source,
  empty,
  actions,
  testId = 'attachment-gallery',
}: {
  files: GalleryFile[];
  source: FileSource;
  /** What an empty gallery says. */
  empty: string;
  actions?: (file: GalleryFile) => ReactNode;
  testId?: string;
}) {
  if (files.length === 0) return <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={empty} />;
  return (
    <Image.PreviewGroup>
      <Flex wrap gap={16} data-testid={testId}>
        {files.map((file) => (
          <Flex key={file.id} vertical gap={4} style={{ width: TILE }}>
            {file.kind === 'image' ? (
              <ImageTile source={source} file={file} />
            ) : (
              <VideoTile source={source} file={file} />
            )}
            <Typography.Text ellipsis={{ tooltip: true }} style={{ fontSize: 12 }}>
              {file.caption}
            </Typography.Text>
            <Typography.Text type="secondary" style={{ fontSize: 12 }}>
              {file.note}
            </Typography.Text>
            {actions?.(file)}
          </Flex>
        ))}
      </Flex>
    </Image.PreviewGroup>
  );
}

/**
 * A record's photos and videos, captioned with their text or file name; `workItemNames` names the work item an
 * attachment belongs to.
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
  const files = attachments.map(
    (attachment): GalleryFile => ({
      id: attachment.id,
      kind: attachment.kind,
      caption: attachment.content || attachment.fileName || t(`attachments.kind.${attachment.kind}`),
      note: `${
        attachment.workItemId && workItemNames[attachment.workItemId]
          ? `${workItemNames[attachment.workItemId]} · `
          : ''
      }${formatBytes(attachment.sizeBytes)}`,
    }),
  );
  return <FileGallery files={files} source={recordAttachmentFiles(recordId)} empty={t('attachments.none')} />;
}

function ImageTile({ source, file }: { source: FileSource; file: GalleryFile }) {
  const { t } = useTranslation('checklist-records');
  const image = useFileUrl(source, file.id, true);
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
      alt={file.alt ?? file.caption}
      width={TILE}
      height={TILE}
      style={{ ...frame, objectFit: 'cover' }}
    />
  );
}

function VideoTile({ source, file }: { source: FileSource; file: GalleryFile }) {
  const { t } = useTranslation('checklist-records');
  const [requested, setRequested] = useState(false);
  const video = useFileUrl(source, file.id, requested);
  if (video.url)
    return (
      // biome-ignore lint/a11y/useMediaCaption: workshop footage has no speech to caption
      <video
        src={video.url}
        controls
        autoPlay
        playsInline
        aria-label={file.alt ?? file.caption}
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

import { DeleteOutlined, PictureOutlined, UploadOutlined } from '@ant-design/icons';
import { Alert, App, Button, Flex, Image, Typography, Upload } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { apiOrigin, isApiError } from '../http.ts';
import { ConfirmButton } from './confirm-button.tsx';

const IMAGE_TYPES = ['image/jpeg', 'image/png'];

/** Where the browser loads a stored image from: our own files go through the API origin. */
export function imageSource(imageUrl: string | null): string | undefined {
  if (!imageUrl) return undefined;
  return imageUrl.startsWith('/api/') ? `${apiOrigin()}${imageUrl.slice('/api'.length)}` : imageUrl;
}

interface Mutation<T> {
  mutateAsync: (value: T) => Promise<unknown>;
  isPending: boolean;
}

/**
 * An entity's picture (site, category …): a preview, an upload that replaces it at once, and a confirmed
 * removal. Type and size are checked here for a quick answer; the server judges the bytes again. The labels
 * are the `image.*` keys of the feature's namespace (alt, none, upload, replace, remove, removeConfirm, hint,
 * wrongType, tooLarge, uploaded).
 */
export function ImageUpload({
  namespace,
  imageUrl,
  maxBytes,
  width,
  height,
  upload,
  remove,
}: {
  namespace: string;
  imageUrl: string | null;
  maxBytes: number;
  width: number;
  height: number;
  upload: Mutation<File>;
  remove: Mutation<void>;
}) {
  const { t } = useTranslation(namespace);
  const { message } = App.useApp();
  const [problem, setProblem] = useState<string | null>(null);
  const src = imageSource(imageUrl);

  const send = async (file: File) => {
    setProblem(null);
    if (!IMAGE_TYPES.includes(file.type)) return setProblem(t('image.wrongType'));
    if (file.size > maxBytes) return setProblem(t('image.tooLarge'));
    try {
      await upload.mutateAsync(file);
      void message.success(t('image.uploaded'));
    } catch (error) {
      if (isApiError(error) && error.status === 413) setProblem(t('image.tooLarge'));
      else if (isApiError(error) && error.status === 400) setProblem(error.message);
    }
  };

  const frame = { width, height, borderRadius: 6 } as const;
  return (
    <Flex vertical gap={8}>
      <Flex gap={16} align="center" wrap>
        {src ? (
          <Image
            src={src}
            alt={t('image.alt')}
            width={width}
            height={height}
            style={{ ...frame, objectFit: 'cover' }}
          />
        ) : (
          <Flex
            align="center"
            justify="center"
            style={{ ...frame, background: 'rgba(0,0,0,0.04)', fontSize: 32 }}
            aria-label={t('image.none')}
          >
            <PictureOutlined />
          </Flex>
        )}
        <Flex vertical gap={4}>
          <Flex gap={8}>
            <Upload
              accept={IMAGE_TYPES.join(',')}
              showUploadList={false}
              maxCount={1}
              beforeUpload={(file) => {
                void send(file);
                // The upload goes through the API client, not antd's own request.
                return false;
              }}
            >
              <Button icon={<UploadOutlined />} loading={upload.isPending}>
                {src ? t('image.replace') : t('image.upload')}
              </Button>
            </Upload>
            {src && (
              <ConfirmButton
                icon={<DeleteOutlined />}
                title={t('image.removeConfirm')}
                okText={t('image.remove')}
                danger
                onConfirm={() => remove.mutateAsync()}
              >
                {t('image.remove')}
              </ConfirmButton>
            )}
          </Flex>
          <Typography.Text type="secondary">{t('image.hint')}</Typography.Text>
        </Flex>
      </Flex>
      {problem && <Alert type="error" showIcon title={problem} closable onClose={() => setProblem(null)} />}
    </Flex>
  );
}

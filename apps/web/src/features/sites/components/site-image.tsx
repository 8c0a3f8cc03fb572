import { DeleteOutlined, PictureOutlined, UploadOutlined } from '@ant-design/icons';
import { SITE_IMAGE_MAX_BYTES } from '@fleetdesk/contracts';
import { Alert, App, Button, Flex, Image, Typography, Upload } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isApiError } from '../../../shared/http.ts';
import { translateValidationMessage } from '../../../shared/ui/form-errors.ts';
import { useRemoveSiteImage, useUploadSiteImage } from '../api.ts';
import { imageSource } from './site-form.values.ts';

const IMAGE_TYPES = ['image/jpeg', 'image/png'];

/** The site picture: a preview, and an upload that replaces it at once (the server re-checks the bytes). */
export function SiteImage({ siteId, imageUrl }: { siteId: string; imageUrl: string | null }) {
  const { t } = useTranslation('sites');
  const { message } = App.useApp();
  const upload = useUploadSiteImage(siteId);
  const remove = useRemoveSiteImage(siteId);
  const [problem, setProblem] = useState<string | null>(null);
  const src = imageSource(imageUrl);

  const send = async (file: File) => {
    setProblem(null);
    if (!IMAGE_TYPES.includes(file.type)) return setProblem(t('image.wrongType'));
    if (file.size > SITE_IMAGE_MAX_BYTES) return setProblem(t('image.tooLarge'));
    try {
      await upload.mutateAsync(file);
      void message.success(t('image.uploaded'));
    } catch (error) {
      if (isApiError(error) && error.status === 413) setProblem(t('image.tooLarge'));
      else if (isApiError(error) && error.status === 400) setProblem(translateValidationMessage(error.message));
    }
  };

  return (
    <Flex vertical gap={8}>
      <Flex gap={16} align="center" wrap>
        {src ? (
          <Image
            src={src}
            alt={t('image.alt')}
            width={160}
            height={110}
            style={{ objectFit: 'cover', borderRadius: 6 }}
          />
        ) : (
          <Flex
            align="center"
            justify="center"
            style={{ width: 160, height: 110, borderRadius: 6, background: 'rgba(0,0,0,0.04)', fontSize: 32 }}
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
              <Button icon={<DeleteOutlined />} loading={remove.isPending} onClick={() => remove.mutate()}>
                {t('image.remove')}
              </Button>
            )}
          </Flex>
          <Typography.Text type="secondary">{t('image.hint')}</Typography.Text>
        </Flex>
      </Flex>
      {problem && <Alert type="error" showIcon title={problem} closable onClose={() => setProblem(null)} />}
    </Flex>
  );
}

import { DeleteOutlined, PictureOutlined, UploadOutlined } from '@ant-design/icons';
import { CATEGORY_IMAGE_MAX_BYTES } from '@fleetdesk/contracts';
import { Alert, App, Button, Flex, Image, Typography, Upload } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isApiError } from '../../../shared/http.ts';
import { ConfirmButton } from '../../../shared/ui/confirm-button.tsx';
import { translateValidationMessage } from '../../../shared/ui/form-errors.ts';
import { useRemoveCategoryImage, useUploadCategoryImage } from '../api.ts';
import { imageSource } from './category-thumbnail.tsx';

const IMAGE_TYPES = ['image/jpeg', 'image/png'];

/** The category picture: a preview, an upload that replaces it at once (the server re-checks the bytes). */
export function CategoryImage({ categoryId, imageUrl }: { categoryId: string; imageUrl: string | null }) {
  const { t } = useTranslation('categories');
  const { message } = App.useApp();
  const upload = useUploadCategoryImage(categoryId);
  const remove = useRemoveCategoryImage(categoryId);
  const [problem, setProblem] = useState<string | null>(null);
  const src = imageSource(imageUrl);

  const send = async (file: File) => {
    setProblem(null);
    if (!IMAGE_TYPES.includes(file.type)) return setProblem(t('image.wrongType'));
    if (file.size > CATEGORY_IMAGE_MAX_BYTES) return setProblem(t('image.tooLarge'));
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
            width={120}
            height={120}
            style={{ objectFit: 'cover', borderRadius: 6 }}
          />
        ) : (
          <Flex
            align="center"
            justify="center"
            style={{ width: 120, height: 120, borderRadius: 6, background: 'rgba(0,0,0,0.04)', fontSize: 32 }}
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

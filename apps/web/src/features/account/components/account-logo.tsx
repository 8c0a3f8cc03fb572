import { PictureOutlined, UploadOutlined } from '@ant-design/icons';
import { LOGO_MAX_BYTES } from '@fleetdesk/contracts';
import { Alert, App, Avatar, Button, Flex, Typography, Upload } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isApiError } from '../../../shared/http.ts';
import { useUploadLogo } from '../api.ts';
import { logoSource } from './account-form.values.ts';
import { LOGO_TYPES } from './account-options.ts';

/** Why a file is refused before it is sent; the server checks the bytes again and may still refuse. */
export function logoProblem(file: { type: string; size: number }): 'type' | 'size' | null {
  if (!(LOGO_TYPES as readonly string[]).includes(file.type)) return 'type';
  if (file.size > LOGO_MAX_BYTES) return 'size';
  return null;
}

/** The account logo: the current image, and (with config.write) an upload that replaces it at once. */
export function AccountLogo({ logoImgUrl, canWrite }: { logoImgUrl: string | null; canWrite: boolean }) {
  const { t } = useTranslation('account');
  const { message } = App.useApp();
  const upload = useUploadLogo();
  const [problem, setProblem] = useState<string | null>(null);
  const src = logoSource(logoImgUrl);

  const send = async (file: File) => {
    setProblem(null);
    const local = logoProblem(file);
    if (local) {
      setProblem(local === 'type' ? t('logo.wrongType') : t('logo.tooLarge'));
      return;
    }
    try {
      await upload.mutateAsync(file);
      void message.success(t('logo.uploaded'));
    } catch (error) {
      if (isApiError(error) && error.status === 413) setProblem(t('logo.tooLarge'));
      else if (isApiError(error) && error.status === 400) setProblem(error.message);
    }
  };

  return (
    <Flex vertical gap={8}>
      <Flex gap={16} align="center">
        <Avatar
          shape="square"
          size={64}
          src={src}
          icon={src ? undefined : <PictureOutlined />}
          alt={t('logo.alt')}
          data-testid="account-logo"
        />
        {canWrite && (
          <Flex vertical gap={4}>
            <Upload
              accept={LOGO_TYPES.join(',')}
              showUploadList={false}
              maxCount={1}
              beforeUpload={(file) => {
                void send(file);
                // The upload goes through the API client, not antd's own request.
                return false;
              }}
            >
              <Button icon={<UploadOutlined />} loading={upload.isPending}>
                {src ? t('logo.replace') : t('logo.upload')}
              </Button>
            </Upload>
            <Typography.Text type="secondary">{t('logo.hint')}</Typography.Text>
          </Flex>
        )}
      </Flex>
      {problem && (
        <Alert type="error" showIcon title={problem} closable onClose={() => setProblem(null)} role="alert" />
      )}
    </Flex>
  );
}

import { FileImageOutlined } from '@ant-design/icons';
import type { IdentityImageKind } from '@fleetdesk/contracts';
import { Flex, Image, Skeleton, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { useIdentityImageUrl } from '../api.ts';

/**
 * One identity image, fetched with the staff member's token (the image call is private, customer.read_detail) and
 * shown from an object URL; a click opens antd's preview. Only rendered for callers who may see it.
 */
export function IdentityImage({
  customerId,
  kind,
  version,
  width,
  height,
}: {
  customerId: string;
  kind: IdentityImageKind;
  version: string;
  width: number;
  height: number;
}) {
  const { t } = useTranslation('customers');
  const image = useIdentityImageUrl(customerId, kind, version, true);
  const label = t(`idVerification.image.${kind}`);
  const frame = { width, height, border: '1px dashed rgba(128,128,128,0.4)', borderRadius: 8 };

  let content: React.ReactNode;
  if (image.isLoading) content = <Skeleton.Image active style={{ width, height }} />;
  else if (image.isError || !image.url)
    content = (
      <Flex vertical align="center" justify="center" style={frame}>
        <FileImageOutlined />
        <Typography.Text type="secondary">{t('idVerification.imageFailed')}</Typography.Text>
      </Flex>
    );
  else
    content = (
      <Image
        src={image.url}
        alt={label}
        width={width}
        height={height}
        style={{ objectFit: 'contain', background: 'rgba(128,128,128,0.08)', borderRadius: 8 }}
      />
    );

  return (
    <Flex vertical gap={4} align="center">
      {content}
      <Typography.Text type="secondary">{label}</Typography.Text>
    </Flex>
  );
}

import { DeleteOutlined, PictureOutlined, UndoOutlined, UploadOutlined } from '@ant-design/icons';
import { Button, Flex, Image, Typography, Upload } from 'antd';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { imageSource } from '../../../shared/ui/image-upload.tsx';
import { type ImageChoice, imageProblem, WORKSHOP_IMAGE_TYPES } from './image-choice.ts';

/** A local preview of a chosen file, released when the choice changes. */
export function useImagePreview(choice: ImageChoice): string | undefined {
  const file = choice && choice !== 'remove' ? choice.file : undefined;
  const url = useMemo(() => (file ? URL.createObjectURL(file) : undefined), [file]);
  useEffect(() => () => (url ? URL.revokeObjectURL(url) : undefined), [url]);
  return url;
}

/**
 * The picture of a work item, an option or a group as a form field (value: an ImageChoice): pick a JPEG or PNG
 * up to 5 MB (checked here for a quick answer, judged again by the server), or mark the stored one for removal.
 * Nothing is sent until the form is saved. `compact` for a table cell.
 */
export function ImageChoiceField({
  value,
  onChange,
  storedUrl,
  label,
  compact = false,
  disabled = false,
}: {
  value?: ImageChoice;
  onChange?: (value: ImageChoice) => void;
  storedUrl: string | null | undefined;
  /** Names the picture for screen readers ("Image of option 2"). */
  label: string;
  compact?: boolean;
  disabled?: boolean;
}) {
  const { t } = useTranslation('work-items');
  const [problem, setProblem] = useState<string | null>(null);
  const preview = useImagePreview(value);
  const src = value === 'remove' ? undefined : (preview ?? imageSource(storedUrl ?? null));
  const size = compact ? 44 : 120;
  const frame = { width: size, height: size, borderRadius: 6 } as const;

  const choose = (file: File) => {
    const found = imageProblem(file);
    setProblem(found ? t(`image.${found}`) : null);
    if (!found) onChange?.({ file });
  };

  return (
    <Flex vertical gap={4}>
      <Flex gap={compact ? 6 : 12} align="center" wrap>
        {src ? (
          <Image src={src} alt={label} width={size} height={size} style={{ ...frame, objectFit: 'cover' }} />
        ) : (
          <Flex
            align="center"
            justify="center"
            style={{ ...frame, background: 'rgba(0,0,0,0.04)', fontSize: compact ? 18 : 32 }}
            role="img"
            aria-label={t('image.none')}
          >
            <PictureOutlined />
          </Flex>
        )}
        <Flex gap={4} wrap vertical={!compact}>
          <Upload
            accept={WORKSHOP_IMAGE_TYPES.join(',')}
            showUploadList={false}
            maxCount={1}
            disabled={disabled}
            beforeUpload={(file) => {
              choose(file);
              // The file is sent through the API client when the form is saved, not by antd.
              return false;
            }}
          >
            <Button
              icon={<UploadOutlined />}
              size={compact ? 'small' : 'middle'}
              disabled={disabled}
              aria-label={`${src ? t('image.replace') : t('image.choose')}: ${label}`}
            >
              {compact ? undefined : src ? t('image.replace') : t('image.choose')}
            </Button>
          </Upload>
          {value === 'remove' ? (
            <Button
              icon={<UndoOutlined />}
              size={compact ? 'small' : 'middle'}
              onClick={() => onChange?.(undefined)}
              aria-label={`${t('image.keep')}: ${label}`}
            >
              {compact ? undefined : t('image.keep')}
            </Button>
          ) : (
            (src || value) && (
              <Button
                icon={<DeleteOutlined />}
                size={compact ? 'small' : 'middle'}
                danger
                disabled={disabled}
                onClick={() => onChange?.(storedUrl ? 'remove' : undefined)}
                aria-label={`${t('image.remove')}: ${label}`}
              >
                {compact ? undefined : t('image.remove')}
              </Button>
            )
          )}
        </Flex>
      </Flex>
      {!compact && <Typography.Text type="secondary">{t('image.hint')}</Typography.Text>}
      {value && value !== 'remove' && !compact && (
        <Typography.Text type="secondary">{t('image.pending', { name: value.file.name })}</Typography.Text>
      )}
      {value === 'remove' && <Typography.Text type="warning">{t('image.willRemove')}</Typography.Text>}
      {problem && (
        <Typography.Text type="danger" role="alert">
          {problem}
        </Typography.Text>
      )}
    </Flex>
  );
}

import { DeleteOutlined } from '@ant-design/icons';
import { type DocumentLanguage, documentLanguages } from '@fleetdesk/contracts';
import { type ButtonProps, Flex, Tag, Tooltip } from 'antd';
import { useTranslation } from 'react-i18next';
import { ConfirmButton } from '../../../shared/ui/confirm-button.tsx';

/** Which languages a document is written in: a tag per language, the missing ones greyed out. */
export function LanguageTags({ content }: { content: Partial<Record<DocumentLanguage, string>> | undefined }) {
  const { t } = useTranslation('documents');
  return (
    <Flex gap={4} wrap>
      {documentLanguages.map((language) => {
        const filled = Boolean(content?.[language]);
        return (
          <Tooltip key={language} title={t(filled ? 'language.written' : 'language.notWritten')}>
            {/* A missing language is dashed and uncoloured, not faded: faded text fails WCAG's 4.5:1 (issue 27). */}
            <Tag
              color={filled ? 'blue' : undefined}
              style={filled ? undefined : { borderStyle: 'dashed', background: 'transparent' }}
            >
              {language.toUpperCase()}
            </Tag>
          </Tooltip>
        );
      })}
    </Flex>
  );
}

/** Delete with a confirm step naming the document (document 1 §5: deleting needs a confirm step). */
export function DocumentDeleteButton({
  name,
  onConfirm,
  ...button
}: { name: string; onConfirm: () => Promise<unknown> } & Pick<ButtonProps, 'size' | 'type'>) {
  const { t } = useTranslation('documents');
  return (
    <ConfirmButton
      {...button}
      danger
      icon={<DeleteOutlined />}
      title={t('delete.confirm', { name })}
      description={t('delete.description')}
      okText={t('delete.ok')}
      onConfirm={onConfirm}
    >
      {t('action.delete')}
    </ConfirmButton>
  );
}

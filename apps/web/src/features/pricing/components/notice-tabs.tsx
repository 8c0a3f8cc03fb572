import { Form, Input, Tabs } from 'antd';
import { useTranslation } from 'react-i18next';
import { FormField } from '../../../shared/ui/form-page.tsx';

const languages = ['en', 'it', 'es'] as const;

/**
 * A customer notice in English (required when there is a notice: document 2 §5 "Multilingual text"), Italian and
 * Spanish. Every pane is rendered so each language is part of the form, whichever tab is open.
 */
export function NoticeTabs({ name, label, required }: { name: string; label: string; required: boolean }) {
  const { t } = useTranslation('pricing');
  return (
    <Form.Item label={label} required={required} style={{ marginBottom: 0 }}>
      <Tabs
        size="small"
        items={languages.map((language) => ({
          key: language,
          forceRender: true,
          label: language === 'en' && required ? `${t(`language.${language}`)} *` : t(`language.${language}`),
          children: (
            <FormField
              name={[name, language]}
              extra={
                language !== 'en'
                  ? t('notice.optionalHint')
                  : required
                    ? t('notice.englishHint')
                    : t('notice.englishOnceWritten')
              }
            >
              <Input.TextArea
                rows={4}
                maxLength={2000}
                showCount
                aria-label={`${label} (${t(`language.${language}`)})`}
              />
            </FormField>
          ),
        }))}
      />
    </Form.Item>
  );
}

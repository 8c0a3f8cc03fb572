import { type DocumentLanguage, documentLanguages, type PartnerDocumentType } from '@fleetdesk/contracts';
import { Badge, Empty, Flex, Form, Skeleton, Tabs, Typography } from 'antd';
import { lazy, Suspense, useCallback, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FormField } from '../../../shared/ui/form-page.tsx';

/** The editor and TinyMCE load as their own chunk, after the page frame is on screen. */
const DocumentEditor = lazy(() => import('./document-editor.tsx'));

const editorFallback = <Skeleton active paragraph={{ rows: 8 }} style={{ minHeight: 420 }} />;

interface EditorFieldProps {
  type: PartnerDocumentType;
  language: DocumentLanguage;
  label: string;
  value?: string;
  onChange?: (html: string) => void;
  onErrors: (language: DocumentLanguage, hasErrors: boolean) => void;
}

/** The Form.Item's control: reports its error state up so the tab can show it and be brought forward. */
function EditorField({ type, language, label, value, onChange, onErrors }: EditorFieldProps) {
  const { status } = Form.Item.useStatus();
  const form = Form.useFormInstance();
  const invalid = status === 'error';
  useEffect(() => onErrors(language, invalid), [onErrors, language, invalid]);
  return (
    <Suspense fallback={editorFallback}>
      <DocumentEditor
        type={type}
        value={value}
        onChange={onChange}
        // setFieldValue does not raise onValuesChange, so the form stays clean.
        onSync={(html) => form.setFieldValue(['content', language], html)}
        label={label}
        invalid={invalid}
      />
    </Suspense>
  );
}

/**
 * One tab per language inside a FormPage (fields `content.en`, `content.it`, `content.es`). English is
 * marked required; a tab whose content is refused (by the contract or the server) gets a red mark and is
 * brought forward, so the message is never hidden behind another tab.
 */
export function DocumentLanguageFields({ type }: { type: PartnerDocumentType }) {
  const { t } = useTranslation('documents');
  const [active, setActive] = useState<DocumentLanguage>('en');
  const [errors, setErrors] = useState<Partial<Record<DocumentLanguage, boolean>>>({});
  const onErrors = useCallback(
    (language: DocumentLanguage, hasErrors: boolean) =>
      setErrors((current) => (current[language] === hasErrors ? current : { ...current, [language]: hasErrors })),
    [],
  );

  // biome-ignore lint/correctness/useExhaustiveDependencies: only a new error moves the tabs, never the user's own tab change.
  useEffect(() => {
    if (errors[active]) return;
    const first = documentLanguages.find((language) => errors[language]);
    if (first) setActive(first);
  }, [errors]);

  return (
    <Tabs
      activeKey={active}
      onChange={(key) => setActive(key as DocumentLanguage)}
      items={documentLanguages.map((language) => {
        const label = t(`language.${language}`);
        return {
          key: language,
          // Every tab stays mounted: its field must be part of the form even when not shown.
          forceRender: true,
          label: (
            <Flex gap={6} align="center">
              {label}
              {language === 'en' && (
                <Typography.Text type="danger" aria-label={t('language.required')}>
                  *
                </Typography.Text>
              )}
              {errors[language] && <Badge status="error" aria-label={t('language.hasErrors')} />}
            </Flex>
          ),
          children: (
            <FormField name={['content', language]} extra={language === 'en' ? t('language.enHint') : undefined}>
              <EditorField type={type} language={language} label={label} onErrors={onErrors} />
            </FormField>
          ),
        };
      })}
    />
  );
}

/** The same tabs for a reader without the write permission: the editor read-only, no form around it. */
export function DocumentLanguagesView({
  type,
  content,
}: {
  type: PartnerDocumentType;
  content: Partial<Record<DocumentLanguage, string>>;
}) {
  const { t } = useTranslation('documents');
  return (
    <Tabs
      items={documentLanguages.map((language) => ({
        key: language,
        label: t(`language.${language}`),
        children: content[language] ? (
          <Suspense fallback={editorFallback}>
            <DocumentEditor type={type} value={content[language]} label={t(`language.${language}`)} readOnly />
          </Suspense>
        ) : (
          <Empty description={t('language.notWritten')} />
        ),
      }))}
    />
  );
}

import {
  type DocumentLanguage,
  documentLanguages,
  ENGLISH_REQUIRED_MESSAGE,
  type PartnerDocumentType,
} from '@fleetdesk/contracts';
import { Badge, Empty, Flex, Form, Skeleton, Tabs, Typography } from 'antd';
import { lazy, Suspense, useCallback, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { i18n } from '../../../shared/i18n/i18n.ts';
import { locales } from '../../../shared/i18n/locales.ts';
import { FormField } from '../../../shared/ui/form-page.tsx';

/** The editor and TinyMCE load as their own chunk, after the page frame is on screen. */
const DocumentEditor = lazy(() => import('./document-editor.tsx'));

/*
 * Document 2 §8 "Submission failed, English version is required" comes from the contract and is shown
 * through the `validation` namespace, like every contract message. Its translations live with this
 * feature and are added to that namespace here, so the shared files need no entry for one feature.
 */
for (const locale of locales) {
  const text = i18n.getResource(locale, 'documents', 'validation.englishRequired');
  if (typeof text === 'string') i18n.addResource(locale, 'validation', ENGLISH_REQUIRED_MESSAGE, text);
}

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

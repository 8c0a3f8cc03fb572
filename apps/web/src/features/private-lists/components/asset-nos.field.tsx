import { UploadOutlined } from '@ant-design/icons';
import { PRIVATE_LIST_MAX } from '@fleetdesk/contracts';
import { Alert, Button, Flex, Form, Input, Typography, Upload } from 'antd';
import { useTranslation } from 'react-i18next';
import { FormField } from '../../../shared/ui/form-page.tsx';
import { parseAssetNos } from '../asset-nos.ts';

/** Text files only: a spreadsheet export saved as CSV works; XLSX is binary and would read as garbage. */
const ACCEPT = '.txt,.csv,text/plain,text/csv';

/**
 * The asset numbers of an upload: pasted into the textarea or read from a .txt/.csv file (appended to what is
 * already there), with a live count of the distinct numbers so the operator sees what will be sent.
 */
export function AssetNosField({ name, label }: { name: string; label: string }) {
  const { t } = useTranslation('private-lists');
  const form = Form.useFormInstance();
  const text = Form.useWatch(name, form) as string | undefined;
  const count = parseAssetNos(text).length;

  const readFile = async (file: File) => {
    const content = await file.text();
    const current = (form.getFieldValue(name) as string | undefined) ?? '';
    form.setFields([{ name, value: current.trim() ? `${current.trim()}\n${content}` : content, touched: true }]);
    await form.validateFields([name]).catch(() => undefined);
    // Keep the file in the browser: nothing is uploaded until the form is submitted.
    return Upload.LIST_IGNORE;
  };

  return (
    <>
      <FormField name={name} label={label} required extra={t('assetNos.hint', { max: PRIVATE_LIST_MAX })}>
        <Input.TextArea rows={8} placeholder={t('assetNos.placeholder')} spellCheck={false} />
      </FormField>
      <Flex gap={16} align="center" wrap style={{ marginTop: -8, marginBottom: 16 }}>
        <Upload accept={ACCEPT} beforeUpload={readFile} showUploadList={false} maxCount={1}>
          <Button icon={<UploadOutlined />}>{t('assetNos.file')}</Button>
        </Upload>
        <Typography.Text type={count > PRIVATE_LIST_MAX ? 'danger' : 'secondary'} data-testid="asset-count">
          {t('assetNos.count', { count, max: PRIVATE_LIST_MAX })}
        </Typography.Text>
      </Flex>
    </>
  );
}

/**
 * After a 422 AssetsNotFound: the numbers that are unknown or outside the caller's partners, and the way to
 * go on without them. Nothing was written by the refused request.
 */
export function NotFoundAlert({
  notFound,
  actionText,
  onSkip,
}: {
  notFound: string[];
  actionText: string;
  onSkip: () => void;
}) {
  const { t } = useTranslation('private-lists');
  return (
    <Alert
      type="warning"
      showIcon
      role="alert"
      style={{ marginBottom: 16 }}
      title={t('notFound.title', { count: notFound.length })}
      description={
        <>
          <Typography.Paragraph>{t('notFound.description')}</Typography.Paragraph>
          <Typography.Paragraph data-testid="not-found-nos" code copyable>
            {notFound.join(', ')}
          </Typography.Paragraph>
          <Button onClick={onSkip}>{actionText}</Button>
        </>
      }
    />
  );
}

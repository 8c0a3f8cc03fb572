import { siteInput } from '@fleetdesk/contracts';
import { Alert, App, Button, Card, Flex, Form, Steps, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { isApiError } from '../../../shared/http.ts';
import { zodIssuesToFieldErrors } from '../../../shared/ui/form-errors.ts';
import { PageContainer } from '../../../shared/ui/page-container.tsx';
import { useCreateSites } from '../api.ts';
import { SiteBaseFields } from '../components/site-base.fields.tsx';
import {
  type BatchErrors,
  type BatchRow,
  clearEditedCells,
  emptyRow,
  hasErrors,
  missingBaseFields,
  type SiteBatchBase,
  serverErrorsToBatch,
  validateBatch,
} from '../components/site-batch.model.ts';
import { SiteBatchTable } from '../components/site-batch-table.tsx';
import { siteUrls } from '../urls.ts';

/** Step 1's rules are the contract's, for the fields it shows. */
const baseSchema = siteInput.pick({ partnerId: true, type: true, taxGroupId: true, country: true, city: true });

const noErrors: BatchErrors = { cells: {}, base: {} };

/**
 * /setting/partner/site/new: batch create in two steps (document 1 §2.5). Step 1 holds what every site shares;
 * step 2 is a table that takes rows pasted from a spreadsheet. Rows are checked with the contract before
 * sending, and the server saves all of them or none.
 */
export default function SiteNewPage() {
  const { t } = useTranslation('sites');
  const navigate = useNavigate();
  const { modal, message } = App.useApp();
  const [form] = Form.useForm();
  const [step, setStep] = useState(0);
  const [base, setBase] = useState<SiteBatchBase>({});
  const [rows, setRows] = useState<BatchRow[]>(() => [emptyRow(), emptyRow(), emptyRow()]);
  const [errors, setErrors] = useState<BatchErrors>(noErrors);
  const [problem, setProblem] = useState<string | null>(null);
  const create = useCreateSites();

  const next = async () => {
    const values = form.getFieldsValue(true) as SiteBatchBase;
    const missing = Object.entries(missingBaseFields(values));
    if (missing.length > 0) {
      form.setFields(missing.map(([name, message]) => ({ name, errors: [message] })));
      return;
    }
    const parsed = baseSchema.safeParse({
      ...values,
      taxGroupId: values.taxGroupId || undefined,
      country: values.country || undefined,
    });
    if (!parsed.success) {
      form.setFields(zodIssuesToFieldErrors(parsed.error.issues).fields);
      return;
    }
    setBase(values);
    setErrors(noErrors);
    setStep(1);
  };

  /** An edited cell loses its error; the others stay until the next save. */
  const editRows = (nextRows: BatchRow[]) => {
    setErrors((current) => ({ ...current, cells: clearEditedCells(current.cells, rows, nextRows) }));
    setRows(nextRows);
  };

  /** Errors that belong to step 1 send the user back there, on the field. */
  const show = (found: BatchErrors) => {
    setErrors(found);
    const baseFields = Object.entries(found.base);
    if (baseFields.length > 0) {
      form.setFields(baseFields.map(([name, message]) => ({ name, errors: [message] })));
      setStep(0);
    }
    setProblem(t('batch.fixCells'));
  };

  const save = async () => {
    setProblem(null);
    const { sites, sentRows, errors: found } = validateBatch(base, rows);
    if (sentRows.length === 0) {
      setProblem(t('batch.noRows'));
      return;
    }
    if (hasErrors(found)) {
      show(found);
      return;
    }
    const confirmed = await modal.confirm({
      title: t('batch.confirm', { count: sites.length }),
      okText: t('action.create'),
      cancelText: t('action.cancel'),
    });
    if (!confirmed) return;
    try {
      const created = await create.mutateAsync(sites);
      void message.success(t('batch.created', { count: created.length }));
      navigate(siteUrls.list({ partnerId: base.partnerId ? [base.partnerId] : [] }));
    } catch (error) {
      const fields = isApiError(error) ? error.fieldErrors : null;
      if (fields) show(serverErrorsToBatch(fields, sentRows));
    }
  };

  return (
    <PageContainer>
      <Card>
        <Steps
          current={step}
          style={{ marginBottom: 24, maxWidth: 640 }}
          items={[{ title: t('batch.step.base') }, { title: t('batch.step.table') }]}
        />
        <div style={{ display: step === 0 ? 'block' : 'none', maxWidth: 880 }}>
          <Form
            form={form}
            layout="vertical"
            onFinish={next}
            // A corrected field drops its old error at once; the rest are checked again on Next.
            onValuesChange={(changed: Record<string, unknown>) =>
              form.setFields(Object.keys(changed).map((name) => ({ name, errors: [] })))
            }
          >
            <SiteBaseFields />
            <Flex gap={8}>
              <Button type="primary" htmlType="submit">
                {t('batch.next')}
              </Button>
              <Button onClick={() => navigate(siteUrls.list())}>{t('action.cancel')}</Button>
            </Flex>
          </Form>
        </div>
        {step === 1 && (
          <Flex vertical gap={12}>
            <Typography.Paragraph type="secondary" style={{ marginBottom: 0 }}>
              {t('batch.pasteHint')}
            </Typography.Paragraph>
            {problem && <Alert type="error" showIcon title={problem} />}
            <SiteBatchTable rows={rows} errors={errors.cells} onChange={editRows} />
            <Flex gap={8}>
              <Button type="primary" loading={create.isPending} onClick={save}>
                {t('batch.save')}
              </Button>
              <Button onClick={() => setStep(0)}>{t('batch.back')}</Button>
              <Button onClick={() => navigate(siteUrls.list())}>{t('action.cancel')}</Button>
            </Flex>
          </Flex>
        )}
      </Card>
    </PageContainer>
  );
}

import { type AssetCategory, categoryInput } from '@fleetdesk/contracts';
import { Alert, Button, Card, Descriptions, Flex, Form, Result, Steps } from 'antd';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { isApiError } from '../../../shared/http.ts';
import { type FieldError, serverFieldsToFieldErrors } from '../../../shared/ui/form-errors.ts';
import { useLeaveGuard } from '../../../shared/ui/leave-guard.ts';
import { PageContainer } from '../../../shared/ui/page-container.tsx';
import { useCreateCategory } from '../api.ts';
import { CategoryBasicFields } from '../components/category-basic.fields.tsx';
import { changedPaths, newCategoryValues, stepErrors } from '../components/category-form.values.ts';
import { PropertyTable } from '../components/property-table.tsx';
import { categoryUrls } from '../urls.ts';

const BASIC = 0;
const PROPERTIES = 1;
const DONE = 2;

/**
 * /asset/category/new in three steps (document 1 §2.5): basic, customised properties, done. Both input steps
 * live in one form, so Back keeps what was typed; each step is checked with the contract before going on,
 * and the category is saved with its properties in one request, all or nothing.
 */
export default function CategoryNewPage() {
  const { t } = useTranslation('categories');
  const navigate = useNavigate();
  const [form] = Form.useForm();
  const [step, setStep] = useState(BASIC);
  const [created, setCreated] = useState<AssetCategory | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const [dirty, setDirty] = useState(false);
  // The blocker reads a ref: after saving, the done step's links must pass in the same tick.
  const dirtyRef = useRef(false);
  const create = useCreateCategory();

  const markDirty = (value: boolean) => {
    dirtyRef.current = value;
    setDirty(value);
  };
  useLeaveGuard(dirty, dirtyRef);

  const show = (errors: FieldError[]) => {
    form.setFields(errors.map((e) => ({ name: e.name, errors: e.errors })));
    setProblem(errors.length > 0 ? t('form.fixFields') : null);
  };

  const next = () => {
    const errors = stepErrors(form.getFieldsValue(true), 'basic');
    if (errors.length > 0) return show(errors);
    setProblem(null);
    setStep(PROPERTIES);
  };

  const save = async () => {
    const values = form.getFieldsValue(true);
    const basic = stepErrors(values, 'basic');
    if (basic.length > 0) {
      setStep(BASIC);
      return show(basic);
    }
    const properties = stepErrors(values, 'properties');
    if (properties.length > 0) return show(properties);
    setProblem(null);
    try {
      const category = await create.mutateAsync(categoryInput.parse(values));
      markDirty(false);
      setCreated(category);
      setStep(DONE);
    } catch (error) {
      const fields = isApiError(error) ? error.fieldErrors : null;
      if (!fields) return;
      const errors = serverFieldsToFieldErrors(fields);
      if (errors.some((e) => e.name[0] !== 'properties')) setStep(BASIC);
      show(errors);
    }
  };

  const another = () => {
    form.resetFields();
    markDirty(false);
    setCreated(null);
    setProblem(null);
    setStep(BASIC);
  };

  return (
    <PageContainer>
      <Card>
        <Steps
          current={step}
          style={{ marginBottom: 24, maxWidth: 720 }}
          items={[{ title: t('step.basic') }, { title: t('step.properties') }, { title: t('step.done') }]}
        />
        {problem && step !== DONE && <Alert type="error" showIcon title={problem} style={{ marginBottom: 16 }} />}
        <Form
          form={form}
          layout="vertical"
          initialValues={newCategoryValues()}
          onFinish={() => (step === BASIC ? next() : save())}
          onValuesChange={(changed) => {
            markDirty(true);
            // A corrected field drops its old error at once; the rest are checked again on Next or Save.
            form.setFields(changedPaths(changed).map((name) => ({ name, errors: [] })));
          }}
          style={{ display: step === DONE ? 'none' : 'block' }}
        >
          <div style={{ display: step === BASIC ? 'block' : 'none', maxWidth: 880 }}>
            <CategoryBasicFields />
            <Flex gap={8}>
              <Button type="primary" htmlType="submit">
                {t('action.next')}
              </Button>
              <Button onClick={() => navigate(categoryUrls.list())}>{t('action.cancel')}</Button>
            </Flex>
          </div>
          <div style={{ display: step === PROPERTIES ? 'block' : 'none' }}>
            <Flex vertical gap={16}>
              <Alert type="info" showIcon title={t('property.intro')} />
              <PropertyTable />
              <Flex gap={8}>
                <Button type="primary" htmlType="submit" loading={create.isPending}>
                  {t('action.create')}
                </Button>
                <Button onClick={() => setStep(BASIC)}>{t('action.back')}</Button>
                <Button onClick={() => navigate(categoryUrls.list())}>{t('action.cancel')}</Button>
              </Flex>
            </Flex>
          </div>
        </Form>
        {step === DONE && created && (
          <Result
            status="success"
            title={t('done.title', { name: created.name })}
            subTitle={t('done.subtitle')}
            extra={[
              <Link key="open" to={categoryUrls.edit(created.id)}>
                <Button type="primary" tabIndex={-1}>
                  {t('done.open')}
                </Button>
              </Link>,
              <Button key="another" onClick={another}>
                {t('done.another')}
              </Button>,
              <Link key="list" to={categoryUrls.list()}>
                <Button tabIndex={-1}>{t('done.list')}</Button>
              </Link>,
            ]}
          >
            <Descriptions
              bordered
              size="small"
              column={1}
              style={{ maxWidth: 640, margin: '0 auto' }}
              items={[
                { key: 'name', label: t('field.name'), children: created.name },
                { key: 'assetType', label: t('field.assetType'), children: t(`assetType.${created.assetType}`) },
                { key: 'isIot', label: t('field.isIot'), children: created.isIot ? t('yes') : t('no') },
                {
                  key: 'properties',
                  label: t('column.properties'),
                  children: created.properties.length
                    ? created.properties
                        .map(
                          (p) =>
                            `${p.name} (${t(`valueType.${p.valueType}`)}${p.isUnique ? `, ${t('property.isUnique')}` : ''})`,
                        )
                        .join(' · ')
                    : t('property.none'),
                },
              ]}
            />
          </Result>
        )}
      </Card>
    </PageContainer>
  );
}

import { PlusOutlined } from '@ant-design/icons';
import {
  TAX_RATE_LEAD_MINUTES,
  type TaxGroup,
  type TaxRate,
  type TaxRateStatus,
  type TaxSubject,
  taxRateAppend,
  taxSubjects,
} from '@fleetdesk/contracts';
import { App, Button, Card, DatePicker, Flex, Form, InputNumber, Table, Tag, Typography } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '../../../shared/format.ts';
import { isApiError } from '../../../shared/http.ts';
import { serverFieldsToFieldErrors, zodIssuesToFieldErrors } from '../../../shared/ui/form-errors.ts';
import { useUpdateTaxGroup } from '../api.ts';
import { formatRate } from './tax-rate.format.ts';

const statusColors: Record<TaxRateStatus, string> = { current: 'green', scheduled: 'blue', past: 'default' };

/** The earliest instant a new rate may start: more than the lead time from now (document 2 §5). */
const earliestStart = () => dayjs().add(TAX_RATE_LEAD_MINUTES, 'minute');

/** Days before the earliest start cannot be picked. */
const disabledDate = (day: Dayjs) => day.isBefore(earliestStart(), 'day');

/** On the earliest day, hours before it and minutes up to it cannot be picked (a minute's :00 must be later). */
function disabledTime(day: Dayjs | null) {
  const limit = earliestStart();
  if (!day?.isSame(limit, 'day')) return {};
  const range = (n: number) => Array.from({ length: n }, (_, i) => i);
  return {
    disabledHours: () => range(limit.hour()),
    disabledMinutes: (hour: number) => (hour === limit.hour() ? range(limit.minute() + 1) : []),
  };
}

interface NewRateValues {
  rate?: number | null;
  effectiveAt?: string;
}

/**
 * One subject's rate history and, for writers, the row that schedules its next rate. History is never edited:
 * a change is a new rate that starts more than 10 minutes from now.
 */
function SubjectRates({ group, subject, canWrite }: { group: TaxGroup; subject: TaxSubject; canWrite: boolean }) {
  const { t } = useTranslation('tax');
  const { modal, message } = App.useApp();
  const [form] = Form.useForm();
  const update = useUpdateTaxGroup(group.id);
  const history = group.rates.filter((r) => r.subject === subject);
  const current = group.currentRates[subject];
  const label = t(`subject.${subject}`);

  const add = async (values: NewRateValues) => {
    const parsed = taxRateAppend.safeParse({
      subject,
      rate: values.rate ?? undefined,
      effectiveAt: values.effectiveAt,
    });
    if (!parsed.success) {
      form.setFields(zodIssuesToFieldErrors(parsed.error.issues).fields);
      return;
    }
    const rate = parsed.data;
    const confirmed = await modal.confirm({
      title: t('rates.addConfirm', {
        subject: label,
        rate: formatRate(rate.rate),
        time: formatDateTime(rate.effectiveAt),
      }),
      content: t('rates.addConfirmHint'),
      okText: t('rates.add'),
      cancelText: t('action.cancel'),
    });
    if (!confirmed) return;
    try {
      await update.mutateAsync({ rates: [rate] });
      form.resetFields();
      message.success(t('rates.added'));
    } catch (error) {
      const fields = isApiError(error) ? error.fieldErrors : null;
      if (!fields) return;
      // The request carried this one rate as rates[0]: its field errors belong to this row's fields.
      const own = Object.fromEntries(
        Object.entries(fields).map(([path, text]) => [path.replace(/^rates\.0\./, ''), text]),
      );
      form.setFields(serverFieldsToFieldErrors(own));
    }
  };

  return (
    <section aria-label={label} data-subject={subject}>
      <Flex justify="space-between" align="baseline" wrap gap={8}>
        <Typography.Title level={5} style={{ margin: 0 }}>
          {label}
        </Typography.Title>
        <Typography.Text type="secondary">
          {current
            ? t('rates.inForce', { rate: formatRate(current.rate), since: formatDateTime(current.effectiveAt) })
            : t('rates.none')}
        </Typography.Text>
      </Flex>
      <Table<TaxRate>
        size="small"
        style={{ marginTop: 8 }}
        rowKey={(r) => r.id}
        dataSource={history}
        pagination={false}
        // Fixed widths so the three subjects' tables line up under each other.
        tableLayout="fixed"
        columns={[
          { key: 'rate', title: t('field.rate'), dataIndex: 'rate', width: 120, render: (v: number) => formatRate(v) },
          {
            key: 'effectiveAt',
            title: t('field.effectiveAt'),
            dataIndex: 'effectiveAt',
            width: 220,
            render: (v: string) => formatDateTime(v),
          },
          {
            key: 'status',
            title: t('column.status'),
            dataIndex: 'status',
            width: 280,
            render: (status: TaxRateStatus) => <Tag color={statusColors[status]}>{t(`status.${status}`)}</Tag>,
          },
          {
            key: 'createdAt',
            title: t('column.addedAt'),
            dataIndex: 'createdAt',
            render: (v: string) => formatDateTime(v),
          },
        ]}
      />
      {canWrite && (
        <Form
          form={form}
          layout="inline"
          onFinish={(values: NewRateValues) => add(values)}
          style={{ marginTop: 12, rowGap: 8 }}
          aria-label={t('rates.newFor', { subject: label })}
        >
          <Form.Item name="rate" label={t('rates.newRate')}>
            <InputNumber<number> suffix="%" style={{ width: 140 }} placeholder="22" />
          </Form.Item>
          <Form.Item
            name="effectiveAt"
            label={t('field.effectiveAt')}
            tooltip={t('rates.leadTimeHint')}
            // The form keeps an ISO string, what the contract checks and the API takes; the picker wants dayjs.
            getValueProps={(value?: string) => ({ value: value ? dayjs(value) : undefined })}
            normalize={(value: Dayjs | null) => value?.startOf('minute').toISOString()}
          >
            <DatePicker
              showTime={{ format: 'HH:mm' }}
              format="YYYY-MM-DD HH:mm"
              disabledDate={disabledDate}
              disabledTime={disabledTime}
              showNow={false}
              style={{ width: 200 }}
            />
          </Form.Item>
          <Form.Item>
            <Button htmlType="submit" icon={<PlusOutlined />} loading={update.isPending}>
              {t('rates.add')}
            </Button>
          </Form.Item>
        </Form>
      )}
    </section>
  );
}

/** Every subject's rate history on the edit page, below the group's own fields. */
export function TaxRatesCard({ group, canWrite }: { group: TaxGroup; canWrite: boolean }) {
  const { t } = useTranslation('tax');
  return (
    <Card title={t('rates.title')} extra={<Typography.Text type="secondary">{t('rates.hint')}</Typography.Text>}>
      <Flex vertical gap={32}>
        {taxSubjects.map((subject) => (
          <SubjectRates key={subject} group={group} subject={subject} canWrite={canWrite} />
        ))}
      </Flex>
    </Card>
  );
}

import { ScanOutlined } from '@ant-design/icons';
import { type CustomerTicket, type SubscriptionTicketAssetInspection, ticketIssues } from '@fleetdesk/contracts';
import { Alert, App, Button, Card, Col, Descriptions, Flex, Form, Input, Row, Select, Space } from 'antd';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { isApiError } from '../../../shared/http.ts';
import { serverFieldsToFieldErrors } from '../../../shared/ui/form-errors.ts';
import { useLeaveGuard } from '../../../shared/ui/leave-guard.ts';
import { useTicketErrorText } from '../../customer-tickets/components/ticket-error.ts';
import { subscriptionUrls } from '../../subscriptions/urls.ts';
import { useCreateSubscriptionTicket, useInspectSubscriptionAsset, useUpdateSubscriptionTicket } from '../api.ts';
import { subscriptionTicketUrls } from '../urls.ts';
import { bodyOfValues, type TicketFormValues, valuesOfTicket } from './ticket-form.model.ts';

/**
 * The partner's ticket form: on a new ticket the asset number is inspected first (it must be held by a subscription
 * of its partner: the asset, its category, partner and subscription order are shown; a refusal is said on the field),
 * then the issues, a description and whom to call. On edit (a ticket still new) the asset is fixed. Leaving with
 * something typed asks first.
 */
export function SubscriptionTicketForm({ ticket }: { ticket?: CustomerTicket }) {
  const { t } = useTranslation('subscription-tickets');
  const { t: tt } = useTranslation('customer-tickets');
  const navigate = useNavigate();
  const { message } = App.useApp();
  const errorText = useTicketErrorText();
  const [form] = Form.useForm<TicketFormValues>();
  const [dirty, setDirty] = useState(false);
  const guard = useRef(false);
  guard.current = dirty;
  useLeaveGuard(dirty, guard);

  const inspect = useInspectSubscriptionAsset();
  const create = useCreateSubscriptionTicket();
  const update = useUpdateSubscriptionTicket(ticket?.id ?? '');
  const [inspection, setInspection] = useState<SubscriptionTicketAssetInspection | null>(null);
  const [refusal, setRefusal] = useState<string | null>(null);
  const editing = ticket !== undefined;

  const runInspection = async () => {
    const assetNo = (form.getFieldValue('assetNo') as string | undefined)?.trim().toUpperCase() ?? '';
    if (!assetNo) {
      form.setFields([{ name: 'assetNo', errors: [t('form.assetRequired')] }]);
      return;
    }
    setInspection(null);
    try {
      const found = await inspect.mutateAsync({ assetNo });
      setInspection(found);
      form.setFields([{ name: 'assetNo', value: found.asset.no, errors: [] }]);
    } catch (error) {
      // AssetNotFound, AssetNotSubscribed… in words, on the field.
      if (isApiError(error) && error.status > 0 && error.status < 500)
        form.setFields([{ name: 'assetNo', errors: [errorText(error)] }]);
    }
  };

  const submit = async (values: TicketFormValues) => {
    if (!editing && !inspection) {
      await runInspection();
      return;
    }
    setRefusal(null);
    try {
      const body = bodyOfValues(values);
      const saved = editing
        ? await update.mutateAsync(body)
        : await create.mutateAsync({ ...body, assetNo: inspection?.asset.no ?? values.assetNo ?? '' });
      guard.current = false;
      setDirty(false);
      void message.success(
        editing ? t('form.saved', { ticketNo: saved.ticketNo }) : t('form.created', { ticketNo: saved.ticketNo }),
      );
      navigate(subscriptionTicketUrls.detail(saved.id));
    } catch (error) {
      if (!isApiError(error)) return;
      const fields = error.fieldErrors;
      if (fields) form.setFields(serverFieldsToFieldErrors(fields) as Parameters<typeof form.setFields>[0]);
      else if (error.status > 0 && error.status < 500) setRefusal(errorText(error));
    }
  };

  const ready = editing || inspection !== null;

  return (
    <Form<TicketFormValues>
      form={form}
      layout="vertical"
      name={editing ? 'subscription-ticket-edit' : 'subscription-ticket-new'}
      size="large"
      initialValues={ticket ? valuesOfTicket(ticket) : { issues: [] }}
      onValuesChange={(changed: Partial<TicketFormValues>) => {
        setDirty(true);
        if ('assetNo' in changed) setInspection(null);
      }}
      onFinish={(values) => void submit(values)}
      style={{ maxWidth: 960 }}
    >
      <Flex vertical gap={16}>
        <Card title={tt('new.assetSection')}>
          {editing ? (
            <Descriptions
              size="small"
              column={{ xs: 1, sm: 2, lg: 4 }}
              items={[
                {
                  key: 'asset',
                  label: tt('field.asset'),
                  children: <span data-testid="ticket-asset">{ticket.asset.no}</span>,
                },
                { key: 'category', label: tt('field.category'), children: ticket.category.name },
                { key: 'partner', label: tt('field.partner'), children: ticket.assetPartner.name },
                {
                  key: 'order',
                  label: tt('field.subscriptionOrder'),
                  children: ticket.subscriptionOrder?.orderNo ?? '—',
                },
              ]}
            />
          ) : (
            <>
              <Row gutter={16} align="bottom">
                <Col xs={24} md={12}>
                  <Form.Item
                    name="assetNo"
                    label={tt('field.asset')}
                    extra={tt('new.assetHint')}
                    normalize={(v: string) => v.toUpperCase()}
                  >
                    <Input
                      autoFocus
                      prefix={<ScanOutlined />}
                      autoComplete="off"
                      placeholder={tt('new.assetPlaceholder')}
                      onPressEnter={(event) => {
                        event.preventDefault();
                        void runInspection();
                      }}
                    />
                  </Form.Item>
                </Col>
                <Col xs={24} md={12}>
                  <Form.Item>
                    <Button
                      onClick={() => void runInspection()}
                      loading={inspect.isPending}
                      data-testid="inspect-asset"
                    >
                      {tt('new.inspect')}
                    </Button>
                  </Form.Item>
                </Col>
              </Row>
              {inspection && (
                <Descriptions
                  data-testid="inspected-asset"
                  size="small"
                  column={{ xs: 1, sm: 2, lg: 4 }}
                  items={[
                    { key: 'asset', label: tt('field.asset'), children: inspection.asset.no },
                    { key: 'category', label: tt('field.category'), children: inspection.asset.category.name },
                    { key: 'partner', label: tt('field.partner'), children: inspection.asset.partner.name },
                    {
                      key: 'order',
                      label: tt('field.subscriptionOrder'),
                      children: (
                        <Link
                          to={subscriptionUrls('order').detail(inspection.subscriptionOrder.id)}
                          data-testid="inspected-order"
                        >
                          {inspection.subscriptionOrder.orderNo}
                        </Link>
                      ),
                    },
                  ]}
                />
              )}
            </>
          )}
        </Card>

        {ready && (
          <Card title={tt('new.serviceSection')}>
            <Form.Item
              name="issues"
              label={tt('field.issues')}
              rules={[{ required: true, type: 'array', min: 1, message: tt('new.issuesRequired') }]}
            >
              <Select
                mode="multiple"
                allowClear
                showSearch={{ optionFilterProp: 'label' }}
                aria-label={tt('field.issues')}
                data-testid="ticket-issues"
                options={ticketIssues.map((i) => ({ value: i, label: tt(`issue.${i}`) }))}
              />
            </Form.Item>
            <Form.Item name="comment" label={t('field.description')}>
              <Input.TextArea rows={4} maxLength={2000} showCount placeholder={t('form.descriptionPlaceholder')} />
            </Form.Item>
            <Row gutter={16}>
              <Col xs={24} md={8}>
                <Form.Item name="contactName" label={tt('field.contactName')}>
                  <Input maxLength={100} autoComplete="off" />
                </Form.Item>
              </Col>
              <Col xs={24} md={8}>
                <Form.Item name="contactEmail" label={tt('field.contactEmail')}>
                  <Input inputMode="email" autoComplete="off" />
                </Form.Item>
              </Col>
              <Col xs={24} md={8}>
                <Form.Item name="contactPhone" label={tt('field.contactPhone')}>
                  <Input inputMode="tel" autoComplete="off" />
                </Form.Item>
              </Col>
            </Row>
          </Card>
        )}

        {refusal && <Alert type="error" showIcon title={refusal} data-testid="ticket-form-refusal" />}
        <Space>
          <Button
            type="primary"
            htmlType="submit"
            loading={create.isPending || update.isPending || inspect.isPending}
            data-testid="ticket-form-submit"
          >
            {editing ? tt('action.save') : ready ? tt('new.submit') : tt('new.inspect')}
          </Button>
          <Button
            onClick={() => navigate(ticket ? subscriptionTicketUrls.detail(ticket.id) : subscriptionTicketUrls.list())}
          >
            {tt('action.cancel')}
          </Button>
        </Space>
      </Flex>
    </Form>
  );
}

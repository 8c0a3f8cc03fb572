import { ScanOutlined, UserAddOutlined } from '@ant-design/icons';
import {
  type CustomerSummary,
  customerEndpoints,
  type TicketAssetInspection,
  ticketIssues,
  ticketOperationTypes,
} from '@fleetdesk/contracts';
import {
  Alert,
  App,
  Button,
  Card,
  Checkbox,
  Col,
  Descriptions,
  Flex,
  Form,
  Input,
  Radio,
  Row,
  Select,
  Space,
  Typography,
} from 'antd';
import { useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import { isApiError } from '../../../shared/http.ts';
import { requirementOf, useCan } from '../../../shared/permissions.ts';
import { serverFieldsToFieldErrors } from '../../../shared/ui/form-errors.ts';
import { useLeaveGuard } from '../../../shared/ui/leave-guard.ts';
import { PageContainer } from '../../../shared/ui/page-container.tsx';
import { useCustomerList } from '../../customers/api.ts';
import { useCreateTicket, useInspectTicketAsset, useTicketSiteOptions } from '../api.ts';
import {
  centersFor,
  createBodyOf,
  initialPasswordOf,
  inspectBodyOf,
  type NewTicketValues,
  normalizeAssetNo,
} from '../components/new-ticket.model.ts';
import { useTicketErrorText } from '../components/ticket-error.ts';
import { ticketUrls } from '../urls.ts';

const SEARCH_DELAY_MS = 300;
const fullName = (c: Pick<CustomerSummary, 'name'>) => `${c.name.first} ${c.name.last}`;

/**
 * /b2c/service/ticket/new: the counter. The asset is scanned or typed and inspected first (a refusal is said in
 * words; a return proposes the open order's customer); then the customer, found by phone or created on the spot;
 * then what is wrong (issues), where (a service centre of the asset's partner) and the notes. Enter inspects in the
 * asset field and submits elsewhere; leaving with something typed asks first.
 */
export default function TicketNewPage() {
  const { t } = useTranslation('customer-tickets');
  const navigate = useNavigate();
  const { message } = App.useApp();
  const errorText = useTicketErrorText();
  const [form] = Form.useForm<NewTicketValues>();
  // A reminder of the log centre links here with its asset (`?assetNo=`): inspected at once, as a scan would be.
  const [search] = useSearchParams();
  const prefilledAssetNo = normalizeAssetNo(search.get('assetNo') ?? undefined);
  const prefillInspected = useRef(false);
  const [dirty, setDirty] = useState(false);
  const guard = useRef(false);
  guard.current = dirty;
  useLeaveGuard(dirty, guard);

  const inspect = useInspectTicketAsset();
  const create = useCreateTicket();
  const [inspection, setInspection] = useState<TicketAssetInspection | null>(null);
  const [inspectError, setInspectError] = useState<{ code: string; text: string } | null>(null);
  const [createError, setCreateError] = useState<string | null>(null);
  const sites = useTicketSiteOptions();
  const centers = useMemo(
    () => (inspection ? centersFor(sites.data ?? [], inspection.asset.partner.id) : []),
    [inspection, sites.data],
  );

  const operationType = Form.useWatch('operationType', form) ?? 'regular';
  const customerMode = Form.useWatch('customerMode', form) ?? 'existing';
  const newPhone = Form.useWatch(['newCustomer', 'phoneNo'], form);
  const password = initialPasswordOf(newPhone);

  // A single centre is chosen for the mechanic; a choice that is not one of the asset's centres is dropped.
  useEffect(() => {
    const chosen = form.getFieldValue('centerSiteId') as string | undefined;
    if (chosen && centers.some((c) => c.id === chosen)) return;
    form.setFieldValue('centerSiteId', centers.length === 1 ? centers[0]?.id : undefined);
  }, [centers, form]);

  const runInspection = async () => {
    const values = form.getFieldsValue(['assetNo', 'operationType', 'swappedAssetNo']) as NewTicketValues;
    if (!normalizeAssetNo(values.assetNo)) {
      form.setFields([{ name: 'assetNo', errors: [t('new.assetRequired')] }]);
      return;
    }
    setInspectError(null);
    setInspection(null);
    try {
      const found = await inspect.mutateAsync(inspectBodyOf(values));
      setInspection(found);
      form.setFieldValue('assetNo', found.asset.no);
      // A return belongs to the open order: its customer is the one proposed.
      if (found.openOrder && values.operationType === 'return') {
        form.setFieldsValue({ customerMode: 'existing', customerId: found.openOrder.customer.id });
      }
    } catch (error) {
      if (isApiError(error) && error.status > 0 && error.status < 500)
        setInspectError({ code: error.code, text: errorText(error) });
    }
  };

  useEffect(() => {
    if (!prefilledAssetNo || prefillInspected.current) return;
    prefillInspected.current = true;
    void runInspection();
  });

  const submit = async (values: NewTicketValues) => {
    if (!inspection) {
      await runInspection();
      return;
    }
    setCreateError(null);
    try {
      const ticket = await create.mutateAsync(createBodyOf(values, inspection));
      guard.current = false;
      setDirty(false);
      void message.success(t('new.created', { ticketNo: ticket.ticketNo }));
      navigate(ticketUrls.detail(ticket.id));
    } catch (error) {
      if (!isApiError(error)) return;
      const fields = error.fieldErrors;
      if (fields) form.setFields(serverFieldsToFieldErrors(fields) as Parameters<typeof form.setFields>[0]);
      else if (error.status > 0 && error.status < 500) setCreateError(errorText(error));
    }
  };

  return (
    <PageContainer title={t('new.title')}>
      <Form<NewTicketValues>
        form={form}
        layout="vertical"
        name="ticket-new"
        size="large"
        initialValues={{
          operationType: 'regular',
          customerMode: 'existing',
          issues: [],
          ...(prefilledAssetNo ? { assetNo: prefilledAssetNo } : {}),
        }}
        onValuesChange={(changed: Partial<NewTicketValues>) => {
          setDirty(true);
          // Another asset or operation needs a new inspection before the ticket can be opened.
          if ('assetNo' in changed || 'operationType' in changed || 'swappedAssetNo' in changed) {
            setInspection(null);
            setInspectError(null);
          }
        }}
        onFinish={(values) => void submit(values)}
        style={{ maxWidth: 960 }}
      >
        <Flex vertical gap={16}>
          <Card title={t('new.assetSection')}>
            <Form.Item name="operationType" label={t('field.operationType')}>
              <Radio.Group
                optionType="button"
                buttonStyle="solid"
                options={ticketOperationTypes.map((o) => ({ value: o, label: t(`operationType.${o}`) }))}
              />
            </Form.Item>
            <Row gutter={16}>
              <Col xs={24} md={12}>
                <Form.Item
                  name="assetNo"
                  label={t('field.asset')}
                  extra={t('new.assetHint')}
                  normalize={(v: string) => v.toUpperCase()}
                >
                  <Input
                    autoFocus
                    prefix={<ScanOutlined />}
                    autoComplete="off"
                    placeholder={t('new.assetPlaceholder')}
                    onPressEnter={(event) => {
                      event.preventDefault();
                      void runInspection();
                    }}
                  />
                </Form.Item>
              </Col>
              {operationType === 'swapped' && (
                <Col xs={24} md={12}>
                  <Form.Item
                    name="swappedAssetNo"
                    label={t('field.swappedAsset')}
                    extra={t('new.swappedHint')}
                    normalize={(v: string) => v.toUpperCase()}
                  >
                    <Input
                      autoComplete="off"
                      onPressEnter={(event) => {
                        event.preventDefault();
                        void runInspection();
                      }}
                    />
                  </Form.Item>
                </Col>
              )}
            </Row>
            <Button onClick={() => void runInspection()} loading={inspect.isPending} data-testid="inspect-asset">
              {t('new.inspect')}
            </Button>
            {inspectError && (
              <Alert
                type="error"
                showIcon
                style={{ marginTop: 16 }}
                data-testid="inspect-refusal"
                title={inspectError.text}
                action={
                  inspectError.code === 'AssetHasOngoingOrder' && operationType !== 'return' ? (
                    <Button
                      onClick={() => {
                        form.setFieldValue('operationType', 'return');
                        void runInspection();
                      }}
                    >
                      {t('new.makeReturn')}
                    </Button>
                  ) : undefined
                }
              />
            )}
            {inspection && <InspectedAsset inspection={inspection} />}
          </Card>

          {inspection && (
            <>
              <Card title={t('new.customerSection')}>
                <Form.Item name="customerMode">
                  <Radio.Group
                    optionType="button"
                    options={[
                      { value: 'existing', label: t('new.findCustomer') },
                      { value: 'new', label: t('new.createCustomer') },
                    ]}
                  />
                </Form.Item>
                {customerMode === 'existing' ? (
                  <Form.Item
                    name="customerId"
                    label={t('new.customerByPhone')}
                    rules={[{ required: true, message: t('new.customerRequired') }]}
                  >
                    <CustomerPicker
                      partnerId={inspection.asset.partner.id}
                      proposed={inspection.openOrder?.customer ?? null}
                    />
                  </Form.Item>
                ) : (
                  <NewCustomerFields password={password} />
                )}
              </Card>

              <Card title={t('new.serviceSection')}>
                <Form.Item
                  name="issues"
                  label={t('field.issues')}
                  rules={[{ type: 'array', min: 1, required: true, message: t('new.issuesRequired') }]}
                >
                  <Checkbox.Group style={{ width: '100%' }}>
                    <Row gutter={[8, 8]}>
                      {ticketIssues.map((issue) => (
                        <Col key={issue} xs={12} sm={8} md={6}>
                          <Checkbox value={issue} style={{ padding: '6px 0' }}>
                            {t(`issue.${issue}`)}
                          </Checkbox>
                        </Col>
                      ))}
                    </Row>
                  </Checkbox.Group>
                </Form.Item>
                <Form.Item
                  name="centerSiteId"
                  label={t('field.center')}
                  rules={[{ required: true, message: t('new.centerRequired') }]}
                  extra={centers.length === 0 && !sites.isPending ? t('new.noCenters') : undefined}
                >
                  <Select
                    loading={sites.isPending}
                    options={centers.map((c) => ({ value: c.id, label: c.name }))}
                    placeholder={t('new.centerPlaceholder')}
                  />
                </Form.Item>
                <Row gutter={16}>
                  <Col xs={24} md={8}>
                    <Form.Item name="contactName" label={t('field.contactName')}>
                      <Input maxLength={100} autoComplete="off" />
                    </Form.Item>
                  </Col>
                  <Col xs={24} md={8}>
                    <Form.Item name="contactPhone" label={t('field.contactPhone')}>
                      <Input autoComplete="off" inputMode="tel" />
                    </Form.Item>
                  </Col>
                  <Col xs={24} md={8}>
                    <Form.Item name="contactEmail" label={t('field.contactEmail')}>
                      <Input autoComplete="off" inputMode="email" />
                    </Form.Item>
                  </Col>
                </Row>
                <Form.Item name="checkInNote" label={t('field.checkInNote')}>
                  <Input.TextArea rows={2} maxLength={2000} />
                </Form.Item>
                <Form.Item name="comment" label={t('field.comment')}>
                  <Input.TextArea rows={2} maxLength={2000} />
                </Form.Item>
              </Card>
            </>
          )}

          {createError && <Alert type="error" showIcon title={createError} data-testid="create-refusal" />}
          <Space>
            <Button type="primary" htmlType="submit" loading={create.isPending} disabled={!inspection}>
              {t('new.submit')}
            </Button>
            <Button onClick={() => navigate(ticketUrls.list())}>{t('action.cancel')}</Button>
          </Space>
        </Flex>
      </Form>
    </PageContainer>
  );
}

/** What the inspection found: the asset, its partner and category, and the open order a return belongs to. */
function InspectedAsset({ inspection }: { inspection: TicketAssetInspection }) {
  const { t } = useTranslation('customer-tickets');
  const { asset, openOrder } = inspection;
  return (
    <Descriptions
      style={{ marginTop: 16 }}
      size="small"
      bordered
      column={{ xs: 1, sm: 2, xxl: 4 }}
      data-testid="inspected-asset"
      items={[
        { key: 'no', label: t('field.asset'), children: asset.no },
        { key: 'category', label: t('field.category'), children: asset.category.name },
        { key: 'partner', label: t('field.partner'), children: asset.partner.name },
        { key: 'lifeCycle', label: t('field.lifeCycle'), children: asset.lifeCycleState },
        ...(openOrder
          ? [
              {
                key: 'order',
                label: t('field.order'),
                span: 'filled' as const,
                children: t('new.openOrder', {
                  orderNo: openOrder.orderNo,
                  customer: openOrder.customer.name,
                  phone: openOrder.customer.phoneNo,
                }),
              },
            ]
          : []),
      ]}
    />
  );
}

/**
 * Finds the customer by phone (or name, e-mail) among the asset partner's customers; only the latest query's answer
 * is offered. The open order's customer of a return is offered first.
 */
function CustomerPicker({
  partnerId,
  proposed,
  value,
  onChange,
}: {
  partnerId: string;
  proposed: { id: string; name: string; phoneNo: string } | null;
  value?: string;
  onChange?: (value: string | undefined) => void;
}) {
  const { t } = useTranslation('customer-tickets');
  const canSearch = useCan(requirementOf(customerEndpoints.list));
  const [typed, setTyped] = useState('');
  const [search, setSearch] = useState('');
  useEffect(() => {
    const timer = setTimeout(() => setSearch(typed.trim()), SEARCH_DELAY_MS);
    return () => clearTimeout(timer);
  }, [typed]);
  const found = useCustomerList({
    pageNo: 1,
    pageSize: 20,
    status: 'active',
    partnerId,
    sort: 'createdAt:desc',
    ...(search ? { search } : {}),
  });
  const rows = canSearch && !found.isPlaceholderData ? (found.data?.data ?? []) : [];
  const options = [
    ...(proposed ? [{ value: proposed.id, label: `${proposed.name} · ${proposed.phoneNo}` }] : []),
    ...rows
      .filter((c) => c.id !== proposed?.id)
      .map((c) => ({ value: c.id, label: `${fullName(c)} · ${c.phoneNo}${c.email ? ` · ${c.email}` : ''}` })),
  ];
  return (
    <Select
      showSearch={{ filterOption: false, onSearch: setTyped }}
      value={value}
      onChange={(v?: string) => onChange?.(v)}
      allowClear
      loading={found.isFetching}
      placeholder={t('new.customerPlaceholder')}
      notFoundContent={t('new.noCustomer')}
      options={options}
      aria-label={t('new.customerByPhone')}
    />
  );
}

/** A walk-in customer created with the ticket; the staff member tells them their initial password. */
function NewCustomerFields({ password }: { password: string | null }) {
  const { t } = useTranslation('customer-tickets');
  return (
    <>
      <Row gutter={16}>
        <Col xs={24} md={12}>
          <Form.Item
            name={['newCustomer', 'phoneNo']}
            label={t('field.phone')}
            rules={[{ required: true, message: t('new.phoneRequired') }]}
          >
            <Input autoComplete="off" inputMode="tel" placeholder="+39…" />
          </Form.Item>
        </Col>
        <Col xs={24} md={12}>
          <Form.Item name={['newCustomer', 'email']} label={t('field.email')}>
            <Input autoComplete="off" inputMode="email" />
          </Form.Item>
        </Col>
        <Col xs={24} md={12}>
          <Form.Item
            name={['newCustomer', 'firstName']}
            label={t('field.firstName')}
            rules={[{ required: true, whitespace: true, message: t('new.nameRequired') }]}
          >
            <Input autoComplete="off" maxLength={50} />
          </Form.Item>
        </Col>
        <Col xs={24} md={12}>
          <Form.Item
            name={['newCustomer', 'lastName']}
            label={t('field.lastName')}
            rules={[{ required: true, whitespace: true, message: t('new.nameRequired') }]}
          >
            <Input autoComplete="off" maxLength={50} />
          </Form.Item>
        </Col>
      </Row>
      <Alert
        type="info"
        showIcon
        icon={<UserAddOutlined />}
        data-testid="initial-password"
        title={password ? t('new.passwordIs', { password }) : t('new.passwordRule')}
      />
      <Typography.Paragraph type="secondary" style={{ marginTop: 8, marginBottom: 0 }}>
        {t('new.passwordHint')}
      </Typography.Paragraph>
    </>
  );
}

import { EditOutlined, UserSwitchOutlined } from '@ant-design/icons';
import { type CustomerTicket, customerTicketEndpoints, subscriptionTicketEndpoints } from '@fleetdesk/contracts';
import { Alert, App, Button, Card, Descriptions, Flex, Form, Input, Select, Space, Tag, Typography } from 'antd';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { formatDateTime } from '../../../shared/format.ts';
import { isApiError } from '../../../shared/http.ts';
import { requirementOf, useCan } from '../../../shared/permissions.ts';
import { serverFieldsToFieldErrors } from '../../../shared/ui/form-errors.ts';
import { useLeaveGuard } from '../../../shared/ui/leave-guard.ts';
import { customerUrls } from '../../customers/urls.ts';
import { subscriptionUrls } from '../../subscriptions/urls.ts';
import { useAssignTicket, useMechanics, useTicketCheckInNote, useTicketComment, useTicketContactInfo } from '../api.ts';
import { useTicketErrorText } from './ticket-error.ts';

/**
 * What the ticket is about: asset, customer, centre, issues, operation, the mechanic (with the assign picker), and the
 * contact info, check-in note and comment, each editable in place by whoever the server allows.
 */
export function TicketInfoCard({ ticket }: { ticket: CustomerTicket }) {
  const { t } = useTranslation('customer-tickets');
  const can = (action: CustomerTicket['allowedActions'][number]) => ticket.allowedActions.includes(action);
  const canReadCustomer = useCan([['customer.read_detail']]);
  return (
    <Card title={t('detail.ticket')} data-testid="ticket-info">
      <Descriptions
        size="small"
        column={{ xs: 1, sm: 2, lg: 3 }}
        items={[
          {
            key: 'asset',
            label: t('field.asset'),
            children: <span data-testid="ticket-asset">{ticket.asset.no}</span>,
          },
          { key: 'category', label: t('field.category'), children: ticket.category.name },
          { key: 'partner', label: t('field.partner'), children: ticket.assetPartner.name },
          ticket.subscriptionOrder
            ? {
                key: 'subscriptionOrder',
                label: t('field.subscriptionOrder'),
                children: (
                  <Link
                    to={subscriptionUrls('order').detail(ticket.subscriptionOrder.id)}
                    data-testid="ticket-subscription-order"
                  >
                    {ticket.subscriptionOrder.orderNo}
                  </Link>
                ),
              }
            : {
                key: 'customer',
                label: t('field.customer'),
                children: ticket.customer ? (
                  <Space size={4} orientation="vertical">
                    {canReadCustomer ? (
                      <Link to={customerUrls.detail(ticket.customer.id)}>{ticket.customer.name}</Link>
                    ) : (
                      ticket.customer.name
                    )}
                    <Typography.Text type="secondary">
                      {[ticket.customer.phoneNo, ticket.customer.email].filter(Boolean).join(' · ')}
                    </Typography.Text>
                  </Space>
                ) : (
                  '—'
                ),
              },
          {
            key: 'center',
            label: t('field.center'),
            children: <span data-testid="ticket-center">{ticket.center?.name ?? t('detail.noCenterYet')}</span>,
          },
          // A B2B ticket is always a repair of the subscribed asset: no operation type to tell.
          ticket.kind === 'b2b'
            ? null
            : {
                key: 'operationType',
                label: t('field.operationType'),
                children: [
                  t(`operationType.${ticket.operationType}`),
                  ticket.swappedAsset ? t('detail.swappedFor', { assetNo: ticket.swappedAsset.no }) : null,
                  ticket.order ? t('detail.ofOrder', { orderNo: ticket.order.orderNo }) : null,
                ]
                  .filter(Boolean)
                  .join(' · '),
              },
          {
            key: 'issues',
            label: t('field.issues'),
            span: 2,
            children: (
              <Flex gap={4} wrap>
                {ticket.issues.map((i) => (
                  <Tag key={i}>{t(`issue.${i}`)}</Tag>
                ))}
              </Flex>
            ),
          },
          {
            key: 'mechanic',
            label: t('field.mechanic'),
            children: <MechanicField ticket={ticket} canAssign={can('assign')} />,
          },
          { key: 'createdAt', label: t('field.createdAt'), children: formatDateTime(ticket.createdAt) },
          {
            key: 'checkedInAt',
            label: t('field.checkedInAt'),
            children: ticket.checkedInAt ? formatDateTime(ticket.checkedInAt) : '—',
          },
          {
            key: 'duration',
            label: t('field.duration'),
            children: t('detail.minutes', { count: ticket.durationMinutes }),
          },
        ].filter((item) => item !== null)}
      />
      <Flex vertical gap={16} style={{ marginTop: 16 }}>
        <ContactInfo ticket={ticket} editable={can('editContactInfo')} />
        <NoteField
          ticket={ticket}
          field="checkInNote"
          label={t('field.checkInNote')}
          value={ticket.checkInNote}
          editable={can('editCheckInNote')}
        />
        <NoteField
          ticket={ticket}
          field="comment"
          label={t('field.comment')}
          value={ticket.comment}
          editable={can('comment')}
        />
      </Flex>
    </Card>
  );
}

/** The mechanic, and for those who may assign, a picker of the staff who may work the asset partner's tickets. */
function MechanicField({ ticket, canAssign }: { ticket: CustomerTicket; canAssign: boolean }) {
  const { t } = useTranslation('customer-tickets');
  const { message } = App.useApp();
  const errorText = useTicketErrorText();
  const [picking, setPicking] = useState(false);
  const mayListMechanics = useCan(
    requirementOf(ticket.kind === 'b2b' ? subscriptionTicketEndpoints.mechanics : customerTicketEndpoints.mechanics),
  );
  const allowed = canAssign && mayListMechanics;
  const mechanics = useMechanics(ticket.assetPartner.id, picking && allowed);
  const assign = useAssignTicket(ticket.id);
  const [refusal, setRefusal] = useState<string | null>(null);
  const name = ticket.mechanic?.name ?? t('detail.unassigned');
  if (!picking || !allowed)
    return (
      <Space size={8} wrap>
        <span data-testid="ticket-mechanic">{name}</span>
        {allowed && (
          <Button icon={<UserSwitchOutlined />} onClick={() => setPicking(true)}>
            {t('action.assign')}
          </Button>
        )}
      </Space>
    );
  return (
    <Flex vertical gap={4} style={{ minWidth: 220 }}>
      <Select
        autoFocus
        defaultOpen
        size="large"
        showSearch={{ optionFilterProp: 'label' }}
        loading={mechanics.isFetching}
        defaultValue={ticket.mechanic?.id}
        aria-label={t('action.assign')}
        options={(mechanics.data ?? []).map((m) => ({ value: m.id, label: m.name }))}
        onChange={async (mechanicUserId: string) => {
          setRefusal(null);
          try {
            const after = await assign.mutateAsync({ mechanicUserId });
            void message.success(t('detail.assigned', { name: after.mechanic?.name ?? '' }));
            setPicking(false);
          } catch (error) {
            setRefusal(errorText(error));
          }
        }}
        onBlur={() => !assign.isPending && setPicking(false)}
      />
      {refusal && <Typography.Text type="danger">{refusal}</Typography.Text>}
    </Flex>
  );
}

/** Shows a value with an edit button; editing swaps in a small form with Save and Cancel (leaving asks first). */
function InlineEditor({
  label,
  view,
  editable,
  testId,
  children,
}: {
  label: string;
  view: ReactNode;
  editable: boolean;
  testId: string;
  children: (close: () => void, setDirty: (dirty: boolean) => void) => ReactNode;
}) {
  const { t } = useTranslation('customer-tickets');
  const [editing, setEditing] = useState(false);
  const [dirty, setDirty] = useState(false);
  useLeaveGuard(editing && dirty);
  const close = () => {
    setDirty(false);
    setEditing(false);
  };
  return (
    <div data-testid={testId}>
      <Flex align="center" gap={8} style={{ marginBottom: 4 }}>
        <Typography.Text strong>{label}</Typography.Text>
        {editable && !editing && (
          <Button
            type="text"
            icon={<EditOutlined />}
            aria-label={t('action.editField', { field: label })}
            style={{ minHeight: 40, minWidth: 40 }}
            onClick={() => setEditing(true)}
          />
        )}
      </Flex>
      {editing ? children(close, setDirty) : view}
    </div>
  );
}

function NoteField({
  ticket,
  field,
  label,
  value,
  editable,
}: {
  ticket: CustomerTicket;
  field: 'checkInNote' | 'comment';
  label: string;
  value: string | null;
  editable: boolean;
}) {
  const { t } = useTranslation('customer-tickets');
  const checkInNote = useTicketCheckInNote(ticket.id);
  const comment = useTicketComment(ticket.id);
  const errorText = useTicketErrorText();
  const [refusal, setRefusal] = useState<string | null>(null);
  const save = async (text: string, close: () => void) => {
    setRefusal(null);
    try {
      if (field === 'checkInNote') await checkInNote.mutateAsync({ checkInNote: text.trim() });
      else await comment.mutateAsync({ comment: text.trim() });
      close();
    } catch (error) {
      setRefusal(errorText(error));
    }
  };
  return (
    <InlineEditor
      label={label}
      editable={editable}
      testId={`ticket-${field}`}
      view={
        <Typography.Paragraph
          type={value ? undefined : 'secondary'}
          style={{ whiteSpace: 'pre-wrap', marginBottom: 0 }}
        >
          {value || t('detail.empty')}
        </Typography.Paragraph>
      }
    >
      {(close, setDirty) => (
        <Form
          layout="vertical"
          name={`ticket-${field}`}
          initialValues={{ text: value ?? '' }}
          onValuesChange={() => setDirty(true)}
          onFinish={(values: { text: string }) => void save(values.text, close)}
        >
          {refusal && <Alert type="error" showIcon title={refusal} style={{ marginBottom: 8 }} />}
          <Form.Item name="text" style={{ marginBottom: 8 }}>
            <Input.TextArea autoFocus rows={3} maxLength={2000} showCount aria-label={label} />
          </Form.Item>
          <EditorButtons saving={checkInNote.isPending || comment.isPending} onCancel={close} />
        </Form>
      )}
    </InlineEditor>
  );
}

interface ContactValues {
  contactName?: string;
  contactPhone?: string;
  contactEmail?: string;
}

function ContactInfo({ ticket, editable }: { ticket: CustomerTicket; editable: boolean }) {
  const { t } = useTranslation('customer-tickets');
  const mutation = useTicketContactInfo(ticket.id);
  const errorText = useTicketErrorText();
  const [form] = Form.useForm<ContactValues>();
  const [refusal, setRefusal] = useState<string | null>(null);
  const shown = [ticket.contactName, ticket.contactPhone, ticket.contactEmail].filter(Boolean).join(' · ');
  const save = async (values: ContactValues, close: () => void) => {
    setRefusal(null);
    try {
      await mutation.mutateAsync({
        contactName: values.contactName?.trim() ?? '',
        contactPhone: values.contactPhone?.trim() ?? '',
        contactEmail: values.contactEmail?.trim() ?? '',
      });
      close();
    } catch (error) {
      const fields = isApiError(error) ? error.fieldErrors : null;
      if (fields) form.setFields(serverFieldsToFieldErrors(fields) as Parameters<typeof form.setFields>[0]);
      else setRefusal(errorText(error));
    }
  };
  return (
    <InlineEditor
      label={t('detail.contactInfo')}
      editable={editable}
      testId="ticket-contact"
      view={<Typography.Text type={shown ? undefined : 'secondary'}>{shown || t('detail.empty')}</Typography.Text>}
    >
      {(close, setDirty) => (
        <Form<ContactValues>
          form={form}
          layout="vertical"
          name="ticket-contact"
          initialValues={{
            contactName: ticket.contactName ?? '',
            contactPhone: ticket.contactPhone ?? '',
            contactEmail: ticket.contactEmail ?? '',
          }}
          onValuesChange={() => setDirty(true)}
          onFinish={(values) => void save(values, close)}
        >
          {refusal && <Alert type="error" showIcon title={refusal} style={{ marginBottom: 8 }} />}
          <Flex gap={12} wrap>
            <Form.Item name="contactName" label={t('field.contactName')} style={{ minWidth: 200, flex: 1 }}>
              <Input autoFocus maxLength={100} size="large" />
            </Form.Item>
            <Form.Item name="contactPhone" label={t('field.contactPhone')} style={{ minWidth: 180, flex: 1 }}>
              <Input inputMode="tel" size="large" />
            </Form.Item>
            <Form.Item name="contactEmail" label={t('field.contactEmail')} style={{ minWidth: 220, flex: 1 }}>
              <Input inputMode="email" size="large" />
            </Form.Item>
          </Flex>
          <EditorButtons saving={mutation.isPending} onCancel={close} />
        </Form>
      )}
    </InlineEditor>
  );
}

/** Save and Cancel of an inline editor, touch-size. */
function EditorButtons({ saving, onCancel }: { saving: boolean; onCancel: () => void }) {
  const { t } = useTranslation('customer-tickets');
  return (
    <Space>
      <Button type="primary" htmlType="submit" size="large" loading={saving}>
        {t('action.save')}
      </Button>
      <Button size="large" onClick={onCancel}>
        {t('action.cancel')}
      </Button>
    </Space>
  );
}

import { type AccessRequest, type PartnerScope, username as usernameRule } from '@fleetdesk/contracts';
import { Alert, App, Descriptions, Form, Input, Modal } from 'antd';
import { useTranslation } from 'react-i18next';
import { isApiError } from '../../../shared/http.ts';
import { serverFieldsToFieldErrors, translateValidationMessage } from '../../../shared/ui/form-errors.ts';
import { useApproveAccessRequest } from '../api.ts';
import { UserGrantFields } from './user-fields.tsx';
import { AT_LEAST_ONE_PARTNER, approvalFieldErrors, type ScopeMode, toPartnerScope } from './user-form.values.ts';

interface Values {
  username: string;
  scopeMode: ScopeMode;
  partnerIds: string[];
  roleIds: string[];
}

/**
 * Approves an access request: the new staff member's username, partner scope and roles, with the same fields and
 * rules as the new-user form (a partner user grants only their partners, never a role above their own). The
 * server mails the requester a link to set their password.
 */
export function AccessRequestApproveModal({
  request,
  callerScope,
  onClose,
}: {
  request: AccessRequest | null;
  callerScope: PartnerScope | undefined;
  onClose: () => void;
}) {
  const { t } = useTranslation('users');
  const { message } = App.useApp();
  const [form] = Form.useForm<Values>();
  const approve = useApproveAccessRequest();
  const partnerCaller = callerScope !== undefined && callerScope !== '*';
  // A refusal about a field of the dialog is shown under it; any other above the form.
  const refusal = isApiError(approve.error) && !approvalFieldErrors(approve.error) ? approve.error.message : null;

  const submit = async (values: Values) => {
    if (!request) return;
    if (values.scopeMode === 'selected' && !values.partnerIds?.length) {
      form.setFields([{ name: 'partnerIds', errors: [translateValidationMessage(AT_LEAST_ONE_PARTNER)] }]);
      return;
    }
    try {
      const approved = await approve.mutateAsync({
        id: request.id,
        body: {
          username: values.username.trim(),
          partnerScope: toPartnerScope(values.scopeMode, values.partnerIds ?? []),
          roleIds: values.roleIds ?? [],
        },
      });
      void message.success(t('accessRequest.approved', { name: approved.name, email: approved.email }));
      onClose();
    } catch (error) {
      const fields = approvalFieldErrors(error);
      if (fields) form.setFields(serverFieldsToFieldErrors(fields) as never);
    }
  };

  return (
    <Modal
      open={request !== null}
      title={t('accessRequest.approveTitle', { name: request?.name ?? '' })}
      okText={t('accessRequest.approve')}
      cancelText={t('accessRequest.cancel')}
      okButtonProps={{ loading: approve.isPending }}
      onOk={() => form.submit()}
      onCancel={onClose}
      afterOpenChange={(open) => (open ? undefined : approve.reset())}
      destroyOnHidden
      width={640}
    >
      {request && (
        <>
          <Descriptions
            size="small"
            column={1}
            style={{ marginBottom: 16 }}
            items={[
              { key: 'email', label: t('field.email'), children: request.email },
              { key: 'partner', label: t('accessRequest.partnerName'), children: request.partnerName },
              ...(request.message
                ? [{ key: 'message', label: t('accessRequest.message'), children: request.message }]
                : []),
            ]}
          />
          <Form<Values>
            form={form}
            layout="vertical"
            name="access-request-approve"
            initialValues={{
              username: usernameRule.safeParse(request.email.toLowerCase()).success ? request.email.toLowerCase() : '',
              scopeMode: partnerCaller ? 'selected' : 'all',
              partnerIds: [],
              roleIds: [],
            }}
            onFinish={(values) => void submit(values)}
          >
            <Form.Item
              name="username"
              label={t('field.username')}
              extra={t('field.usernameHint')}
              rules={[
                {
                  validator: async (_, value: string | undefined) => {
                    const result = usernameRule.safeParse((value ?? '').trim());
                    if (!result.success) {
                      throw new Error(translateValidationMessage(result.error.issues[0]?.message ?? ''));
                    }
                  },
                },
              ]}
            >
              <Input autoComplete="off" maxLength={64} />
            </Form.Item>
            <UserGrantFields callerScope={callerScope} />
          </Form>
          {refusal && <Alert type="error" showIcon title={translateValidationMessage(refusal)} role="alert" />}
        </>
      )}
    </Modal>
  );
}

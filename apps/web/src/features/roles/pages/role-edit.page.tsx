import { roleEndpoints, roleInput } from '@fleetdesk/contracts';
import { Alert, Typography } from 'antd';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router';
import { requirementOf, useCan } from '../../../shared/permissions.ts';
import { FormPage } from '../../../shared/ui/form-page.tsx';
import { useFetchRoleUsers, useRole, useRoleUsers, useUpdateRole } from '../api.ts';
import { AffectedStaffList, lockedByScope } from '../components/affected-staff.tsx';
import { RoleDeleteButton } from '../components/role-delete.button.tsx';
import { RoleFields } from '../components/role-fields.tsx';
import { roleUrls } from '../urls.ts';

/**
 * /team/role/:id/edit. The staff holding the role are named up front, and a save that affects anyone asks
 * first, listing them (document 1 §6.1): the change applies to them on their next request.
 */
export default function RoleEditPage() {
  const { t } = useTranslation('roles');
  const navigate = useNavigate();
  const { id = '' } = useParams();
  const role = useRole(id);
  // Only once the role is known to exist: for an unknown id the page already says so, without a second error.
  const affected = useRoleUsers(role.isSuccess ? id : undefined);
  const fetchUsers = useFetchRoleUsers();
  const update = useUpdateRole(id);
  const canDelete = useCan(requirementOf(roleEndpoints.remove));
  const initialValues = useMemo(
    () =>
      role.data
        ? { title: role.data.title, permissions: role.data.permissions, appPermissions: role.data.appPermissions }
        : undefined,
    [role.data],
  );
  const title = role.data ? t('edit.title', { title: role.data.title }) : undefined;
  const staff = affected.data?.users ?? [];

  return (
    <FormPage
      title={title}
      documentTitle={title}
      wide
      schema={roleInput}
      loading={role.isPending}
      loadError={role.error}
      initialValues={initialValues}
      confirmSubmit={async () => {
        const reached = await fetchUsers(id);
        if (reached.users.length === 0) return null;
        return {
          title: t('edit.confirmTitle', { count: reached.users.length }),
          content: <AffectedStaffList affected={reached} />,
          okText: t('edit.confirmOk'),
        };
      }}
      onSubmit={(values) => update.mutateAsync(values)}
      onDone={() => navigate(roleUrls.list())}
      onCancel={() => navigate(roleUrls.list())}
      extra={
        role.data &&
        canDelete && (
          <RoleDeleteButton role={role.data} onDeleted={() => navigate(roleUrls.list(), { replace: true })} />
        )
      }
    >
      {role.data && lockedByScope(role.data) && (
        <Alert
          type="error"
          showIcon
          style={{ marginBottom: 16 }}
          title={t('locked.reason', { count: role.data.holdersOutsideScope })}
          data-testid="role-locked-notice"
        />
      )}
      {role.data && !affected.isPending && (
        <Alert
          type={staff.length ? 'warning' : 'info'}
          showIcon
          style={{ marginBottom: 16 }}
          title={staff.length ? t('affected.title', { count: staff.length }) : t('affected.none')}
          description={
            staff.length > 0 && (
              <Typography.Paragraph style={{ marginBottom: 0 }} data-testid="role-affected-summary">
                {staff.map((user) => user.name).join(', ')}
              </Typography.Paragraph>
            )
          }
          data-testid="role-affected-notice"
        />
      )}
      <RoleFields />
    </FormPage>
  );
}

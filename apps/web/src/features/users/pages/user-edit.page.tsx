import { userEndpoints } from '@fleetdesk/contracts';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import { requirementOf, useCan } from '../../../shared/permissions.ts';
import { useSignedInProfile } from '../../../shared/profile.ts';
import { DataMissing } from '../../../shared/ui/data-missing.tsx';
import { FormPage } from '../../../shared/ui/form-page.tsx';
import { useUpdateUser, useUser } from '../api.ts';
import { useUserSummaryNames } from '../components/use-user-summary-names.ts';
import { UserDeleteButton } from '../components/user-delete.button.tsx';
import { UserFields } from '../components/user-fields.tsx';
import { userToFormValues, userUpdateForm } from '../components/user-form.values.ts';
import { UserResetPasswordButton } from '../components/user-reset-password.button.tsx';
import { UserSaveSummary } from '../components/user-save-summary.tsx';
import { userUrls } from '../urls.ts';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** /team/user/edit?id=…: change a staff member's contacts, partner scope and roles (the username stays). */
export default function UserEditPage() {
  const [search] = useSearchParams();
  const id = search.get('id') ?? '';
  // A missing or malformed id can never load: say so instead of asking the server.
  if (!UUID.test(id)) return <DataMissing />;
  return <UserEditForm id={id} />;
}

function UserEditForm({ id }: { id: string }) {
  const { t } = useTranslation('users');
  const navigate = useNavigate();
  const profile = useSignedInProfile();
  const user = useUser(id);
  const update = useUpdateUser(id);
  const names = useUserSummaryNames();
  const canDelete = useCan(requirementOf(userEndpoints.remove));
  const initialValues = useMemo(() => (user.data ? userToFormValues(user.data) : undefined), [user.data]);
  const title = user.data ? t('edit.title', { name: user.data.name }) : undefined;

  return (
    <FormPage
      title={title}
      documentTitle={title}
      schema={userUpdateForm}
      loading={user.isPending}
      loadError={user.error}
      initialValues={initialValues}
      confirmSubmit={(values) => ({
        title: t('confirm.updateTitle', { name: values.name }),
        content: (
          <>
            <UserSaveSummary
              username={user.data?.username ?? ''}
              name={values.name}
              partnerScope={values.partnerScope}
              roleIds={values.roleIds}
              {...names}
            />
            <p style={{ marginTop: 12, marginBottom: 0 }}>{t('confirm.nextRequest')}</p>
          </>
        ),
      })}
      onSubmit={(values) => update.mutateAsync(values)}
      onDone={() => navigate(userUrls.list())}
      onCancel={() => navigate(userUrls.list())}
      extra={
        user.data && (
          <>
            <UserResetPasswordButton user={user.data} />
            {canDelete && user.data.id !== profile?.id && (
              <UserDeleteButton user={user.data} onDeleted={() => navigate(userUrls.list(), { replace: true })} />
            )}
          </>
        )
      }
    >
      <UserFields mode="edit" username={user.data?.username} callerScope={profile?.partnerScope} />
    </FormPage>
  );
}

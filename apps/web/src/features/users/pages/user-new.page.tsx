import { App } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useSignedInProfile } from '../../../shared/profile.ts';
import { FormPage } from '../../../shared/ui/form-page.tsx';
import { useCreateUser } from '../api.ts';
import { useUserSummaryNames } from '../components/use-user-summary-names.ts';
import { UserFields } from '../components/user-fields.tsx';
import { newUserFormValues, userCreateForm } from '../components/user-form.values.ts';
import { UserSaveSummary } from '../components/user-save-summary.tsx';
import { userUrls } from '../urls.ts';

/** /team/user/new: create a staff member, after a summary of their scope and roles is confirmed. */
export default function UserNewPage() {
  const { t } = useTranslation('users');
  const navigate = useNavigate();
  const profile = useSignedInProfile();
  const create = useCreateUser();
  const names = useUserSummaryNames();
  const { message } = App.useApp();

  return (
    <FormPage
      schema={userCreateForm}
      initialValues={newUserFormValues(profile?.partnerScope)}
      confirmSubmit={(values) => ({
        title: t('confirm.createTitle', { name: values.name }),
        content: (
          <UserSaveSummary
            username={values.username}
            name={values.name}
            partnerScope={values.partnerScope}
            roleIds={values.roleIds}
            passwordSet={values.password !== undefined}
            {...names}
          />
        ),
        okText: t('action.create'),
      })}
      submitText={t('action.create')}
      onSubmit={async (values) => {
        const { data } = await create.mutateAsync(values);
        void message.success(t('create.done', { name: data.name, username: data.username }));
      }}
      onDone={() => navigate(userUrls.list())}
      onCancel={() => navigate(userUrls.list())}
    >
      <UserFields mode="create" callerScope={profile?.partnerScope} />
    </FormPage>
  );
}

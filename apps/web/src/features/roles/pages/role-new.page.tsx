import { roleInput } from '@fleetdesk/contracts';
import { App } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { FormPage } from '../../../shared/ui/form-page.tsx';
import { useCreateRole } from '../api.ts';
import { RoleFields } from '../components/role-fields.tsx';
import { roleUrls } from '../urls.ts';

/** /team/role/new: a title and the permissions of both platforms. */
export default function RoleNewPage() {
  const { t } = useTranslation('roles');
  const navigate = useNavigate();
  const create = useCreateRole();
  const { message } = App.useApp();
  return (
    <FormPage
      wide
      schema={roleInput}
      initialValues={{ permissions: [], appPermissions: [] }}
      confirmSubmit={(values) => t('create.confirm', { title: values.title })}
      submitText={t('action.create')}
      onSubmit={async (values) => {
        const { data } = await create.mutateAsync(values);
        void message.success(t('create.done', { title: data.title }));
      }}
      onDone={() => navigate(roleUrls.list())}
      onCancel={() => navigate(roleUrls.list())}
    >
      <RoleFields />
    </FormPage>
  );
}

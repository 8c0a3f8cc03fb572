import { UnorderedListOutlined } from '@ant-design/icons';
import { privateListPatch } from '@fleetdesk/contracts';
import { App, Button, Flex, Input } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useParams } from 'react-router';
import { FormField, FormPage } from '../../../shared/ui/form-page.tsx';
import { useListAccess } from '../access.ts';
import { usePrivateList, useUpdatePrivateList } from '../api.ts';
import { PrivateListDeleteButton } from '../components/private-list-delete.button.tsx';
import { privateListUrls } from '../urls.ts';

/** Name and comment; the assets are changed on the asset list (remove) and import (add) screens. */
const editForm = privateListPatch.pick({ name: true, comment: true }).required({ name: true });

export default function PrivateListEditPage() {
  const { t } = useTranslation('private-lists');
  const { id = '' } = useParams();
  const navigate = useNavigate();
  const { message } = App.useApp();
  const list = usePrivateList(id);
  const update = useUpdatePrivateList(id);
  const may = useListAccess();

  return (
    <FormPage
      title={list.data ? t('edit.title', { name: list.data.name }) : undefined}
      schema={editForm}
      loading={list.isPending}
      loadError={list.error}
      initialValues={{ name: list.data?.name, comment: list.data?.comment ?? '' }}
      onSubmit={(values) => update.mutateAsync(values)}
      onDone={() => {
        void message.success(t('edit.saved'));
        navigate(privateListUrls.mine());
      }}
      onCancel={() => navigate(privateListUrls.mine())}
      extra={
        list.data && (
          <Flex gap={8}>
            <Link to={privateListUrls.assets(id)}>
              <Button icon={<UnorderedListOutlined />} tabIndex={-1}>
                {t('action.assets', { count: list.data.assetCount })}
              </Button>
            </Link>
            {may(list.data, 'delete') && (
              <PrivateListDeleteButton
                list={list.data}
                onDeleted={() => navigate(privateListUrls.mine(), { replace: true })}
              />
            )}
          </Flex>
        )
      }
    >
      <FormField name="name" label={t('field.name')} required>
        <Input maxLength={50} showCount />
      </FormField>
      <FormField name="comment" label={t('field.comment')}>
        <Input.TextArea maxLength={200} showCount rows={3} />
      </FormField>
    </FormPage>
  );
}

import { privateListInput } from '@fleetdesk/contracts';
import { App, Input } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { z } from 'zod';
import { FormField, FormPage } from '../../../shared/ui/form-page.tsx';
import { useCreatePrivateList } from '../api.ts';
import { assetNosText } from '../asset-nos.ts';
import { AssetNosField } from '../components/asset-nos.field.tsx';
import { useUnknownAssetNos } from '../components/unknown-asset-nos.tsx';
import { privateListUrls } from '../urls.ts';

/** The form's values: the contract's name and comment, the numbers as typed (parsed by assetNosText). */
const newListForm = z.object({
  name: privateListInput.shape.name,
  comment: privateListInput.shape.comment,
  assetNos: assetNosText,
});

export default function PrivateListNewPage() {
  const { t } = useTranslation('private-lists');
  const navigate = useNavigate();
  const { message } = App.useApp();
  const create = useCreatePrivateList();
  const unknown = useUnknownAssetNos();

  return (
    <FormPage
      schema={newListForm}
      submitText={t('action.create')}
      onSubmit={(values) => unknown.send((skipNotFound) => create.mutateAsync({ ...values, skipNotFound }))}
      onDone={() => {
        if (unknown.skippedCount()) void message.info(t('new.skipped', { count: unknown.skippedCount() }));
        else void message.success(t('new.created'));
        navigate(privateListUrls.mine());
      }}
      onCancel={() => navigate(privateListUrls.mine())}
    >
      {unknown.alert(t('notFound.createWithout'))}
      <FormField name="name" label={t('field.name')} required>
        <Input maxLength={50} showCount autoFocus />
      </FormField>
      <FormField name="comment" label={t('field.comment')}>
        <Input.TextArea maxLength={200} showCount rows={2} />
      </FormField>
      <AssetNosField name="assetNos" label={t('field.assetNos')} />
    </FormPage>
  );
}

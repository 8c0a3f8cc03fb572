import { PRIVATE_LIST_MAX } from '@fleetdesk/contracts';
import { Alert, App } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router';
import { z } from 'zod';
import { FormPage } from '../../../shared/ui/form-page.tsx';
import { usePrivateList, useUpdatePrivateList } from '../api.ts';
import { assetNosText } from '../asset-nos.ts';
import { AssetNosField } from '../components/asset-nos.field.tsx';
import { useUnknownAssetNos } from '../components/unknown-asset-nos.tsx';
import { privateListUrls } from '../urls.ts';

const importForm = z.object({ addAssetNos: assetNosText });

/** Adds numbers to a list, checked like on creation; the server also keeps the list within 100 in all. */
export default function PrivateListImportPage() {
  const { t } = useTranslation('private-lists');
  const { id = '' } = useParams();
  const navigate = useNavigate();
  const { message } = App.useApp();
  const list = usePrivateList(id);
  const update = useUpdatePrivateList(id);
  const unknown = useUnknownAssetNos();

  return (
    <FormPage
      title={list.data ? t('import.title', { name: list.data.name }) : undefined}
      schema={importForm}
      loading={list.isPending}
      loadError={list.error}
      submitText={t('action.add')}
      onSubmit={(values) =>
        unknown.send((skipNotFound) => update.mutateAsync({ addAssetNos: values.addAssetNos, skipNotFound }))
      }
      onDone={() => {
        if (unknown.skippedCount()) void message.info(t('import.skipped', { count: unknown.skippedCount() }));
        else void message.success(t('import.added'));
        navigate(privateListUrls.assets(id));
      }}
      onCancel={() => navigate(privateListUrls.assets(id))}
    >
      {list.data && (
        <Alert
          type="info"
          showIcon
          style={{ marginBottom: 16 }}
          title={t('import.holds', { count: list.data.assetCount, max: PRIVATE_LIST_MAX })}
        />
      )}
      {unknown.alert(t('notFound.addWithout'))}
      <AssetNosField name="addAssetNos" label={t('field.assetNos')} />
    </FormPage>
  );
}

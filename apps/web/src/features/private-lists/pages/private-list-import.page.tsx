import { PRIVATE_LIST_MAX } from '@fleetdesk/contracts';
import { Alert, App } from 'antd';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router';
import { z } from 'zod';
import { FormPage } from '../../../shared/ui/form-page.tsx';
import { notFoundOf, usePrivateList, useUpdatePrivateList } from '../api.ts';
import { assetNosText } from '../asset-nos.ts';
import { AssetNosField, NotFoundAlert } from '../components/asset-nos.field.tsx';
import { SubmitFromAlert } from '../components/submit-from-alert.tsx';
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
  const [notFound, setNotFound] = useState<string[] | null>(null);
  const skip = useRef(false);
  const skipped = useRef<string[]>([]);

  return (
    <FormPage
      title={list.data ? t('import.title', { name: list.data.name }) : undefined}
      schema={importForm}
      loading={list.isPending}
      loadError={list.error}
      submitText={t('action.add')}
      onSubmit={async (values) => {
        const skipNotFound = skip.current;
        skip.current = false;
        try {
          const result = await update.mutateAsync({ addAssetNos: values.addAssetNos, skipNotFound });
          skipped.current = result.notFound;
          setNotFound(null);
        } catch (error) {
          const unknown = notFoundOf(error);
          if (unknown) setNotFound(unknown);
          throw error;
        }
      }}
      onDone={() => {
        if (skipped.current.length) void message.info(t('import.skipped', { count: skipped.current.length }));
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
      {notFound && (
        <SubmitFromAlert
          render={(submit) => (
            <NotFoundAlert
              notFound={notFound}
              actionText={t('notFound.addWithout')}
              onSkip={() => {
                skip.current = true;
                submit();
              }}
            />
          )}
        />
      )}
      <AssetNosField name="addAssetNos" label={t('field.assetNos')} />
    </FormPage>
  );
}

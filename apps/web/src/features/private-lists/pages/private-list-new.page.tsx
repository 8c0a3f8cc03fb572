import { privateListInput } from '@fleetdesk/contracts';
import { App, Input } from 'antd';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { z } from 'zod';
import { FormField, FormPage } from '../../../shared/ui/form-page.tsx';
import { notFoundOf, useCreatePrivateList } from '../api.ts';
import { assetNosText } from '../asset-nos.ts';
import { AssetNosField, NotFoundAlert } from '../components/asset-nos.field.tsx';
import { SubmitFromAlert } from '../components/submit-from-alert.tsx';
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
  const [notFound, setNotFound] = useState<string[] | null>(null);
  // Set by "Create without them" for the one submit it triggers.
  const skip = useRef(false);
  const skipped = useRef<string[]>([]);

  return (
    <FormPage
      schema={newListForm}
      submitText={t('action.create')}
      onSubmit={async (values) => {
        const skipNotFound = skip.current;
        skip.current = false;
        try {
          const result = await create.mutateAsync({ ...values, skipNotFound });
          skipped.current = result.notFound;
          setNotFound(null);
        } catch (error) {
          const unknown = notFoundOf(error);
          if (unknown) setNotFound(unknown);
          throw error;
        }
      }}
      onDone={() => {
        if (skipped.current.length) void message.info(t('new.skipped', { count: skipped.current.length }));
        else void message.success(t('new.created'));
        navigate(privateListUrls.mine());
      }}
      onCancel={() => navigate(privateListUrls.mine())}
    >
      {notFound && (
        <SubmitFromAlert
          render={(submit) => (
            <NotFoundAlert
              notFound={notFound}
              actionText={t('notFound.createWithout')}
              onSkip={() => {
                skip.current = true;
                submit();
              }}
            />
          )}
        />
      )}
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

import { siteInput } from '@fleetdesk/contracts';
import { Divider } from 'antd';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router';
import { FormPage } from '../../../shared/ui/form-page.tsx';
import { useSite, useUpdateSite } from '../api.ts';
import { SiteDeleteButton } from '../components/site-delete.button.tsx';
import { SiteFields } from '../components/site-fields.tsx';
import { inputToPatch, siteToInput } from '../components/site-form.values.ts';
import { SiteImage } from '../components/site-image.tsx';
import { siteUrls } from '../urls.ts';

/** /setting/partner/site/:siteId/edit: every field of one site, its archive flag and its picture. */
export default function SiteEditPage() {
  const { t } = useTranslation('sites');
  const navigate = useNavigate();
  const { siteId = '' } = useParams();
  const site = useSite(siteId);
  const update = useUpdateSite(siteId);
  const initialValues = useMemo(() => (site.data ? siteToInput(site.data) : undefined), [site.data]);
  const title = site.data ? t('edit.title', { name: site.data.name }) : undefined;

  return (
    <FormPage
      title={title}
      documentTitle={title}
      schema={siteInput}
      loading={site.isPending}
      loadError={site.error}
      initialValues={initialValues}
      onSubmit={(values) => update.mutateAsync(inputToPatch(values))}
      onDone={() => navigate(siteUrls.list())}
      onCancel={() => navigate(siteUrls.list())}
      extra={
        site.data && (
          <SiteDeleteButton site={site.data} onDeleted={() => navigate(siteUrls.list(), { replace: true })} />
        )
      }
    >
      {site.data && (
        <>
          <SiteImage siteId={site.data.id} imageUrl={site.data.imageUrl} />
          <Divider />
        </>
      )}
      <SiteFields />
    </FormPage>
  );
}

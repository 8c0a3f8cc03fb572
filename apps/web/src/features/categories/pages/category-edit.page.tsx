import { categoryInput } from '@fleetdesk/contracts';
import { Divider, Flex, Tag, Typography } from 'antd';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router';
import { FormPage } from '../../../shared/ui/form-page.tsx';
import { useCategory, useUpdateCategory } from '../api.ts';
import { CategoryBasicFields } from '../components/category-basic.fields.tsx';
import { CategoryEnableButton } from '../components/category-enable.button.tsx';
import { categoryToInput } from '../components/category-form.values.ts';
import { CategoryImage } from '../components/category-image.tsx';
import { PropertyTable } from '../components/property-table.tsx';
import { categoryUrls } from '../urls.ts';

/** /asset/category/:categoryId/edit: the fields and properties in one form, the image, enable or disable. */
export default function CategoryEditPage() {
  const { t } = useTranslation('categories');
  const navigate = useNavigate();
  const { categoryId = '' } = useParams();
  const category = useCategory(categoryId);
  const update = useUpdateCategory(categoryId);
  const initialValues = useMemo(() => (category.data ? categoryToInput(category.data) : undefined), [category.data]);
  const title = category.data ? t('edit.title', { name: category.data.name }) : undefined;

  return (
    <FormPage
      title={title}
      documentTitle={title}
      schema={categoryInput}
      loading={category.isPending}
      loadError={category.error}
      initialValues={initialValues}
      onSubmit={(values) => update.mutateAsync(values)}
      onDone={() => navigate(categoryUrls.list())}
      onCancel={() => navigate(categoryUrls.list())}
      extra={
        category.data && (
          <Flex gap={8} align="center">
            {category.data.isEnabled ? <Tag color="green">{t('state.enabled')}</Tag> : <Tag>{t('state.disabled')}</Tag>}
            <CategoryEnableButton category={category.data} />
          </Flex>
        )
      }
    >
      {category.data && (
        <>
          <CategoryImage categoryId={category.data.id} imageUrl={category.data.imageUrl} />
          <Divider />
        </>
      )}
      <CategoryBasicFields />
      <Divider titlePlacement="start">{t('step.properties')}</Divider>
      {category.data?.hasAssets && (
        <Typography.Paragraph type="secondary">{t('property.hasAssetsHint')}</Typography.Paragraph>
      )}
      <PropertyTable typesLocked={category.data?.hasAssets} />
    </FormPage>
  );
}

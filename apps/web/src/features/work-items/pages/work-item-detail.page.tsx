import { EditOutlined } from '@ant-design/icons';
import { workItemEndpoints } from '@fleetdesk/contracts';
import { Button, Card, Flex, Image, Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useParams } from 'react-router';
import { formatDateTime } from '../../../shared/format.ts';
import { requirementOf, useCan } from '../../../shared/permissions.ts';
import { DetailPage } from '../../../shared/ui/detail-page.tsx';
import { imageSource } from '../../../shared/ui/image-upload.tsx';
import { useWorkItem } from '../api.ts';
import { WorkItemArchiveButton } from '../components/work-item-archive.button.tsx';
import { WorkItemOptionsView } from '../components/work-item-options.view.tsx';
import { workItemUrls } from '../urls.ts';

/** /checklist/work-item/detail/:workItemId: the item, its image and its options with price or "Not charged". */
export default function WorkItemDetailPage() {
  const { t } = useTranslation('work-items');
  const navigate = useNavigate();
  const { workItemId = '' } = useParams();
  const item = useWorkItem(workItemId);
  const canEdit = useCan(requirementOf(workItemEndpoints.update));
  const data = item.data;

  return (
    <DetailPage
      title={data?.name}
      documentTitle={data?.name}
      loading={item.isPending}
      error={item.error}
      extra={
        data && (
          <Flex gap={8}>
            {canEdit && data.status === 'Inuse' && (
              <Link to={workItemUrls.edit(data.id)}>
                <Button icon={<EditOutlined />} tabIndex={-1}>
                  {t('action.edit')}
                </Button>
              </Link>
            )}
            <WorkItemArchiveButton item={data} onArchived={() => navigate(workItemUrls.list(), { replace: true })} />
          </Flex>
        )
      }
      sections={
        data
          ? [
              {
                key: 'basic',
                title: t('section.basic'),
                column: { xs: 1, md: 2, xl: 3 },
                items: [
                  { key: 'partner', label: t('field.partner'), children: data.partner.name },
                  { key: 'name', label: t('field.name'), children: data.name },
                  {
                    key: 'status',
                    label: t('field.status'),
                    children: (
                      <Tag color={data.status === 'Inuse' ? 'green' : 'default'}>{t(`status.${data.status}`)}</Tag>
                    ),
                  },
                  { key: 'resultMode', label: t('field.resultMode'), children: t(`resultMode.${data.resultMode}`) },
                  { key: 'usedBy', label: t('field.usedByChecklists'), children: data.usedByChecklists },
                  { key: 'updatedAt', label: t('field.updatedAt'), children: formatDateTime(data.updatedAt) },
                  {
                    key: 'description',
                    label: t('field.description'),
                    children: data.description ?? '',
                    span: 'filled',
                  },
                  {
                    key: 'image',
                    label: t('field.image'),
                    children: data.imageUrl ? (
                      <Image src={imageSource(data.imageUrl)} alt={data.name} width={120} />
                    ) : (
                      t('image.none')
                    ),
                  },
                ],
              },
            ]
          : []
      }
    >
      {data && (
        <Card title={t('section.options')}>
          <WorkItemOptionsView options={data.options} />
        </Card>
      )}
    </DetailPage>
  );
}

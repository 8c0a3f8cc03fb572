import { EditOutlined } from '@ant-design/icons';
import { checklistEndpoints } from '@fleetdesk/contracts';
import { Button, Card, Flex, Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useParams } from 'react-router';
import { formatDateTime } from '../../../shared/format.ts';
import { requirementOf, useCan } from '../../../shared/permissions.ts';
import { DetailPage } from '../../../shared/ui/detail-page.tsx';
import { formatAmount } from '../../work-items/components/work-item-format.ts';
import { useChecklist } from '../api.ts';
import { ChecklistArchiveButton } from '../components/checklist-archive.button.tsx';
import { ChecklistGroupsView } from '../components/checklist-groups.view.tsx';
import { checklistUrls } from '../urls.ts';

/** /checklist/management/detail/:managementId: the checklist and its groups, items and options. */
export default function ChecklistDetailPage() {
  const { t } = useTranslation('checklists');
  const lifeCycles = useTranslation('assets').t;
  const navigate = useNavigate();
  const { managementId = '' } = useParams();
  const checklist = useChecklist(managementId);
  const canEdit = useCan(requirementOf(checklistEndpoints.update));
  const data = checklist.data;

  return (
    <DetailPage
      title={data?.name}
      documentTitle={data?.name}
      loading={checklist.isPending}
      error={checklist.error}
      extra={
        data && (
          <Flex gap={8}>
            {canEdit && data.status === 'Inuse' && (
              <Link to={checklistUrls.edit(data.id)}>
                <Button icon={<EditOutlined />} tabIndex={-1}>
                  {t('action.edit')}
                </Button>
              </Link>
            )}
            <ChecklistArchiveButton
              checklist={data}
              onArchived={() => navigate(checklistUrls.list(), { replace: true })}
            />
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
                  {
                    key: 'scope',
                    label: t('field.assetCategoryScope'),
                    children: data.assetCategoryScope.map((c) => <Tag key={c.id}>{c.name}</Tag>),
                  },
                  { key: 'cost', label: t('field.basicCostAmount'), children: formatAmount(data.basicCostAmount) },
                  {
                    key: 'lifeCycle',
                    label: t('field.assetLifeCyclePreferTo'),
                    children: data.assetLifeCyclePreferTo
                      ? lifeCycles(`lifeCycle.${data.assetLifeCyclePreferTo}`)
                      : t('lifeCycle.unchanged'),
                  },
                  { key: 'updatedAt', label: t('field.updatedAt'), children: formatDateTime(data.updatedAt) },
                  {
                    key: 'description',
                    label: t('field.description'),
                    children: data.description ?? '',
                    span: 'filled',
                  },
                ],
              },
            ]
          : []
      }
    >
      {data && (
        <Card title={`${t('section.groups')} (${data.workItemGroups.length})`}>
          <ChecklistGroupsView groups={data.workItemGroups} />
        </Card>
      )}
    </DetailPage>
  );
}

import { DeleteOutlined, EditOutlined, PlusOutlined } from '@ant-design/icons';
import { assetTimerGroupEndpoints, timerEndpoints } from '@fleetdesk/contracts';
import { App, Button, Flex, Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useParams } from 'react-router';
import { formatDateTime } from '../../../shared/format.ts';
import { requirementOf, useCan } from '../../../shared/permissions.ts';
import { ConfirmButton } from '../../../shared/ui/confirm-button.tsx';
import { DetailPage } from '../../../shared/ui/detail-page.tsx';
import { useDeleteTimer, useTimer } from '../api.ts';
import { explainInUse } from '../components/delete-refused.ts';
import { formatTiming } from '../format.ts';
import { reminderUrls } from '../urls.ts';

/** /reminder/timer/detail/:timerId: what the timer counts, its reset rules, how many groups and assets use it. */
export default function TimerDetailPage() {
  const { t } = useTranslation('reminders');
  const { modal } = App.useApp();
  const navigate = useNavigate();
  const { timerId = '' } = useParams();
  const timer = useTimer(timerId);
  const remove = useDeleteTimer();
  const canEdit = useCan(requirementOf(timerEndpoints.update));
  const canDelete = useCan(requirementOf(timerEndpoints.remove));
  const canGroup = useCan(requirementOf(assetTimerGroupEndpoints.create));
  const data = timer.data;

  return (
    <DetailPage
      title={data?.name}
      documentTitle={data?.name}
      loading={timer.isPending}
      error={timer.error}
      extra={
        data && (
          <Flex gap={8} wrap>
            {canGroup && (
              <Link to={reminderUrls.groupNew(data.id)}>
                <Button icon={<PlusOutlined />} tabIndex={-1}>
                  {t('action.newGroup')}
                </Button>
              </Link>
            )}
            {canEdit && (
              <Link to={reminderUrls.timerEdit(data.id)}>
                <Button icon={<EditOutlined />} tabIndex={-1}>
                  {t('action.edit')}
                </Button>
              </Link>
            )}
            {canDelete && (
              <ConfirmButton
                mode="modal"
                danger
                icon={<DeleteOutlined />}
                title={t('timer.deleteConfirm', { name: data.name })}
                onConfirm={async () => {
                  try {
                    await remove.mutateAsync(data.id);
                    navigate(reminderUrls.timerList(), { replace: true });
                  } catch (error) {
                    explainInUse(modal, t('timer.deleteRefused'), error);
                    throw error;
                  }
                }}
              >
                {t('action.delete')}
              </ConfirmButton>
            )}
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
                  { key: 'category', label: t('field.category'), children: data.category.name },
                  { key: 'kind', label: t('field.kind'), children: <Tag>{t(`kind.${data.kind}`)}</Tag> },
                  { key: 'timing', label: t('field.timing'), children: formatTiming(data) },
                  ...(data.kind === 'schedule'
                    ? [
                        { key: 'timezone', label: t('field.timezone'), children: data.timezone },
                        {
                          key: 'nextRuns',
                          label: t('field.nextRuns'),
                          children: (
                            <Flex vertical data-testid="next-runs">
                              {data.nextRuns.map((run) => (
                                <span key={run}>{formatDateTime(run)}</span>
                              ))}
                            </Flex>
                          ),
                        },
                      ]
                    : []),
                  {
                    key: 'resetRules',
                    label: t('field.resetRules'),
                    children: data.resetRules.map((r) => (
                      <Tag key={r.id}>
                        <Link to={reminderUrls.resetRuleEdit(r.id)}>{r.name}</Link> · {t(`ruleType.${r.type}`)}
                      </Tag>
                    )),
                  },
                  {
                    key: 'usage',
                    label: t('column.usage'),
                    children: (
                      <Link to={reminderUrls.groupList({ timerId: data.id })}>
                        {t('column.usageCounts', { groups: data.groupCount, assets: data.assetCount })}
                      </Link>
                    ),
                  },
                  { key: 'updatedAt', label: t('field.updatedAt'), children: formatDateTime(data.updatedAt) },
                ],
              },
            ]
          : []
      }
    />
  );
}

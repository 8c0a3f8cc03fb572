import { DeleteOutlined, EditOutlined, MinusOutlined, PlusOutlined } from '@ant-design/icons';
import { ASSET_TIMER_BATCH_MAX, type AssetTimerGroup, assetTimerGroupEndpoints } from '@fleetdesk/contracts';
import { Alert, Button, Card, Flex, Form, Modal, Select, Tabs } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useMatch, useNavigate, useParams } from 'react-router';
import { formatDateTime } from '../../../shared/format.ts';
import { refusalFields } from '../../../shared/http.ts';
import { requirementOf, useCan } from '../../../shared/permissions.ts';
import { ConfirmButton } from '../../../shared/ui/confirm-button.tsx';
import { DetailPage } from '../../../shared/ui/detail-page.tsx';
import { translateValidationMessage } from '../../../shared/ui/form-errors.ts';
import {
  type useChangeGroupAssets as ChangeHook,
  refusedNumbers,
  useChangeGroupAssets,
  useDeleteGroup,
  useGroup,
  useTimer,
  useUpdateGroup,
} from '../api.ts';
import { AssetNosInput } from '../components/asset-nos.input.tsx';
import { parseAssetNos, tooManyAssets } from '../components/asset-nos.ts';
import { ProgressTable } from '../components/progress-table.tsx';
import { ChangeOutcome } from '../components/refused-list.tsx';
import { formatTiming } from '../format.ts';
import { reminderPaths } from '../paths.ts';
import { reminderUrls } from '../urls.ts';
import { StateCountTags } from './group-list.page.tsx';

type Outcome = NonNullable<ReturnType<typeof ChangeHook>['data']>;

/**
 * /reminder/asset-timer-group/detail/:id and …/assets: the group (timer, rule, category, state counts) with its
 * changes, and the assets tab where each asset's progress shows, what is due first.
 */
export default function GroupDetailPage() {
  const { t } = useTranslation('reminders');
  const navigate = useNavigate();
  const location = useLocation();
  const onAssets = useMatch(reminderPaths.groupAssets) !== null;
  const { assetTimerGroupId = '' } = useParams();
  const group = useGroup(assetTimerGroupId);
  const remove = useDeleteGroup();
  const canWrite = useCan(requirementOf(assetTimerGroupEndpoints.update));
  const [change, setChange] = useState<'add' | 'remove' | 'rule' | null>(null);
  const [outcome, setOutcome] = useState<Outcome | null>(
    (location.state as { outcome?: Outcome } | null)?.outcome ?? null,
  );
  const data = group.data;
  const title = data ? t('group.title', { timer: data.timer.name, category: data.category.name }) : undefined;

  return (
    <DetailPage
      title={title}
      documentTitle={title}
      loading={group.isPending}
      error={group.error}
      extra={
        data &&
        canWrite && (
          <Flex gap={8} wrap>
            <Button icon={<PlusOutlined />} onClick={() => setChange('add')}>
              {t('action.addAssets')}
            </Button>
            <Button icon={<MinusOutlined />} onClick={() => setChange('remove')}>
              {t('action.removeAssets')}
            </Button>
            <Button icon={<EditOutlined />} onClick={() => setChange('rule')}>
              {t('action.changeResetRule')}
            </Button>
            <ConfirmButton
              mode="modal"
              danger
              icon={<DeleteOutlined />}
              title={t('group.deleteConfirm', { count: data.assetCount })}
              onConfirm={async () => {
                await remove.mutateAsync(data.id);
                navigate(reminderUrls.groupList(), { replace: true });
              }}
            >
              {t('action.delete')}
            </ConfirmButton>
          </Flex>
        )
      }
      sections={
        data
          ? [
              {
                key: 'basic',
                column: { xs: 1, md: 2, xl: 3 },
                items: [
                  {
                    key: 'timer',
                    label: t('field.timer'),
                    children: <Link to={reminderUrls.timerDetail(data.timer.id)}>{data.timer.name}</Link>,
                  },
                  {
                    key: 'timing',
                    label: t('field.timing'),
                    children: `${t(`kind.${data.timer.kind}`)} · ${formatTiming(data.timer)}`,
                  },
                  { key: 'category', label: t('field.category'), children: data.category.name },
                  { key: 'partner', label: t('field.partner'), children: data.partner.name },
                  {
                    key: 'resetRule',
                    label: t('field.resetRule'),
                    children: `${data.resetRule.name} · ${t(`ruleType.${data.resetRule.type}`)}`,
                  },
                  { key: 'assetCount', label: t('field.assetCount'), children: data.assetCount },
                  {
                    key: 'states',
                    label: t('field.states'),
                    children: <StateCountTags counts={data.stateCounts} />,
                  },
                  { key: 'createdAt', label: t('field.createdAt'), children: formatDateTime(data.createdAt) },
                ],
              },
            ]
          : []
      }
    >
      {outcome && (
        <Alert
          type={Object.keys(outcome.refused).length ? 'warning' : 'success'}
          closable
          onClose={() => setOutcome(null)}
          title={<ChangeOutcome added={outcome.added} removed={outcome.removed} refused={outcome.refused} />}
          style={{ marginBottom: 16 }}
        />
      )}
      {data && (
        <Card>
          <Tabs
            activeKey={onAssets ? 'assets' : 'overview'}
            onChange={(key) =>
              navigate(key === 'assets' ? reminderUrls.groupAssets(data.id) : reminderUrls.groupDetail(data.id), {
                replace: true,
              })
            }
            items={[
              {
                key: 'overview',
                label: t('group.tabOverview'),
                children: <Overview group={data} />,
              },
              {
                key: 'assets',
                label: t('group.tabAssets', { count: data.assetCount }),
                children: onAssets && <ProgressTable group={data} />,
              },
            ]}
          />
        </Card>
      )}
      {data && (change === 'add' || change === 'remove') && (
        <AssetChangeModal
          group={data}
          change={change}
          onClose={(result) => {
            setChange(null);
            if (result) setOutcome(result);
          }}
        />
      )}
      {data && change === 'rule' && <ResetRuleModal group={data} onClose={() => setChange(null)} />}
    </DetailPage>
  );
}

/** What needs attention in the group, each state a link to the assets tab filtered to it. */
function Overview({ group }: { group: AssetTimerGroup }) {
  const { t } = useTranslation('reminders');
  const attention = group.stateCounts.upcoming + group.stateCounts.due + group.stateCounts.overdue;
  return (
    <Flex vertical gap={8}>
      <span>{t('group.attention', { count: attention, total: group.assetCount })}</span>
      <Flex gap={8} wrap>
        {(['overdue', 'due', 'upcoming'] as const).map((state) => (
          <Link key={state} to={reminderUrls.groupAssets(group.id, { state: [state] })}>
            {t(`state.${state}`)}: {group.stateCounts[state]}
          </Link>
        ))}
        <Link to={reminderUrls.groupAssets(group.id)}>{t('group.allAssets')}</Link>
      </Flex>
    </Flex>
  );
}

function AssetChangeModal({
  group,
  change,
  onClose,
}: {
  group: AssetTimerGroup;
  change: 'add' | 'remove';
  onClose: (outcome: Outcome | null) => void;
}) {
  const { t } = useTranslation('reminders');
  const [text, setText] = useState('');
  const mutation = useChangeGroupAssets(group.id);
  const nos = parseAssetNos(text);
  const fields = refusalFields(mutation.error);
  const fieldError = fields ? Object.values(fields).map(translateValidationMessage).join(' ') : null;
  const refused = refusedNumbers(mutation.error);
  return (
    <Modal
      open
      width={640}
      title={t(change === 'add' ? 'action.addAssets' : 'action.removeAssets')}
      okText={t(change === 'add' ? 'assets.addOk' : 'assets.removeOk', { count: nos.length })}
      okButtonProps={{ disabled: nos.length === 0 || tooManyAssets(nos), danger: change === 'remove' }}
      cancelText={t('action.cancel')}
      confirmLoading={mutation.isPending}
      onCancel={() => onClose(null)}
      onOk={async () => {
        const result = await mutation.mutateAsync({ change, assetNos: nos });
        onClose(result);
      }}
    >
      <Form layout="vertical">
        <Form.Item
          label={t('field.assetNos')}
          extra={t('hint.assetNos', { max: ASSET_TIMER_BATCH_MAX })}
          validateStatus={fieldError ? 'error' : undefined}
          help={fieldError ?? undefined}
        >
          <AssetNosInput
            value={text}
            onChange={setText}
            filter={{ categoryId: group.category.id, partnerId: group.partner.id }}
          />
        </Form.Item>
      </Form>
      {refused && <ChangeOutcome refused={refused} />}
    </Modal>
  );
}

/** Another of the timer's reset rules for this group. */
function ResetRuleModal({ group, onClose }: { group: AssetTimerGroup; onClose: () => void }) {
  const { t } = useTranslation('reminders');
  const timer = useTimer(group.timer.id);
  const update = useUpdateGroup(group.id);
  const [ruleId, setRuleId] = useState(group.resetRule.id);
  return (
    <Modal
      open
      title={t('action.changeResetRule')}
      okText={t('action.save')}
      cancelText={t('action.cancel')}
      okButtonProps={{ disabled: ruleId === group.resetRule.id }}
      confirmLoading={update.isPending}
      onCancel={onClose}
      onOk={async () => {
        await update.mutateAsync(ruleId);
        onClose();
      }}
    >
      <Form layout="vertical">
        <Form.Item label={t('field.resetRule')} extra={t('hint.groupResetRule')}>
          <Select
            value={ruleId}
            onChange={setRuleId}
            loading={timer.isPending}
            options={(timer.data?.resetRules ?? [group.resetRule]).map((r) => ({
              value: r.id,
              label: `${r.name} · ${t(`ruleType.${r.type}`)}`,
            }))}
          />
        </Form.Item>
      </Form>
    </Modal>
  );
}

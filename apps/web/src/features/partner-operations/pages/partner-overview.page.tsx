import {
  CheckCircleFilled,
  CheckCircleOutlined,
  CloseCircleOutlined,
  ExclamationCircleOutlined,
  SearchOutlined,
} from '@ant-design/icons';
import {
  type OverviewItemKey,
  overviewItemKeys,
  type PartnerOverview,
  partnerOperationsEndpoints,
} from '@fleetdesk/contracts';
import { Flex, Form, Input, Select, Tag, Tooltip, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { requirementOf, useCan } from '../../../shared/permissions.ts';
import { type ListColumn, ListPage } from '../../../shared/ui/list-page.tsx';
import { useListState } from '../../../shared/ui/list-state.ts';
import { usePartnerOverview } from '../api.ts';
import { fixLink, itemColour } from '../components/overview-items.ts';
import { overviewList } from '../urls.ts';

/**
 * Settings → Partner → Overview: one row per partner in scope, a tag per setting, and what still blocks
 * renting with a link to the screen that fixes it.
 */
const stateIcon = {
  green: <CheckCircleOutlined />,
  orange: <ExclamationCircleOutlined />,
  red: <CloseCircleOutlined />,
} as const;

export default function PartnerOverviewPage() {
  const { t } = useTranslation('partner-operations');
  const list = useListState(overviewList);
  const { search, incomplete } = list.filters;
  const result = usePartnerOverview({
    pageNo: list.pageNo,
    pageSize: list.pageSize,
    ...(search ? { search } : {}),
    ...(incomplete === 'incomplete' ? { incomplete: 'true' as const } : {}),
  });
  const canConfigure = useCan(requirementOf(partnerOperationsEndpoints.update));

  const itemTag = (entry: PartnerOverview, key: OverviewItemKey) => {
    const state = entry.items[key];
    const colour = itemColour(key, state);
    const label = `${t(`item.${key}`)}: ${t(`state.${state}`)}`;
    return (
      <Tooltip key={key} title={label}>
        <Tag
          color={colour}
          icon={stateIcon[colour]}
          aria-label={label}
          data-testid={`overview-${key}`}
          data-state={state}
          style={{ marginInlineEnd: 0 }}
        >
          {t(`item.${key}`)}
        </Tag>
      </Tooltip>
    );
  };

  const columns: ListColumn<PartnerOverview>[] = [
    {
      key: 'partner',
      title: t('field.partner'),
      alwaysVisible: true,
      fixed: 'left',
      render: (_, entry) => <Typography.Text strong>{entry.partner.name}</Typography.Text>,
      exportValue: (entry) => entry.partner.name,
    },
    {
      key: 'status',
      title: t('column.status'),
      alwaysVisible: true,
      render: (_, entry) =>
        entry.isComplete ? (
          <Tag color="green" icon={<CheckCircleFilled />}>
            {t('overview.ready')}
          </Tag>
        ) : (
          <Tag color="red">{t('overview.incomplete')}</Tag>
        ),
      exportValue: (entry) => (entry.isComplete ? 'ready' : 'incomplete'),
    },
    {
      key: 'items',
      title: t('column.items'),
      alwaysVisible: true,
      width: 460,
      render: (_, entry) => (
        <Flex wrap gap={4}>
          {overviewItemKeys.map((key) => itemTag(entry, key))}
        </Flex>
      ),
      exportValue: (entry) => overviewItemKeys.map((key) => `${key}=${entry.items[key]}`).join(' '),
    },
    {
      key: 'missing',
      title: t('column.missing'),
      alwaysVisible: true,
      render: (_, entry) =>
        entry.missing.length === 0 ? (
          <Typography.Text type="secondary">{t('overview.nothingMissing')}</Typography.Text>
        ) : (
          <Flex vertical gap={2} data-testid="overview-missing">
            {entry.missing.map((key) =>
              // Partner operations and sign-up are fixed on this feature's own pages, which need write access.
              key === 'partnerOperations' && !canConfigure ? (
                <span key={key}>{t(`item.${key}`)}</span>
              ) : (
                <Link key={key} to={fixLink(key, entry)}>
                  {t(`fix.${key}`)}
                </Link>
              ),
            )}
          </Flex>
        ),
      exportValue: (entry) => entry.missing.join(' '),
    },
  ];

  return (
    <ListPage
      listKey="partnerOverview"
      state={list}
      result={result}
      columns={columns}
      rowKey={(entry) => entry.partner.id}
      emptyText={t('overview.empty')}
      filters={
        <>
          <Form.Item name="search" label={t('filter.search')}>
            <Input allowClear prefix={<SearchOutlined />} placeholder={t('filter.searchPlaceholder')} maxLength={100} />
          </Form.Item>
          <Form.Item name="incomplete" label={t('filter.show')}>
            <Select
              style={{ minWidth: 200 }}
              options={[
                { value: 'all', label: t('filter.all') },
                { value: 'incomplete', label: t('filter.incomplete') },
              ]}
            />
          </Form.Item>
        </>
      }
    />
  );
}

import { type ResetRule, resetRuleEndpoints } from '@fleetdesk/contracts';
import { App, Flex, Form, Input, Tag } from 'antd';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { requirementOf, useCan } from '../../../shared/permissions.ts';
import { ConfirmButton } from '../../../shared/ui/confirm-button.tsx';
import { dateTimeColumn } from '../../../shared/ui/date-time-column.ts';
import { EditLink, NewButton } from '../../../shared/ui/list-actions.tsx';
import { fetchAllPages, type ListColumn, ListPage } from '../../../shared/ui/list-page.tsx';
import { useListState } from '../../../shared/ui/list-state.ts';
import { CategorySelect } from '../../checklists/components/checklist-basic.fields.tsx';
import { PartnerSelect } from '../../sites/components/site-options.tsx';
import { fetchResetRulePage, resetRuleListQuery, useDeleteResetRule, useResetRuleList } from '../api.ts';
import { explainInUse } from '../components/delete-refused.ts';
import { useRuleDescription } from '../components/rule-description.ts';
import { ResetRuleTypeSelect } from '../components/selects.tsx';
import { reminderUrls, resetRuleList } from '../urls.ts';

/** /reminder/reset-rule: the reset rules of the caller's partners. */
export default function ResetRuleListPage() {
  const { t } = useTranslation('reminders');
  const { modal } = App.useApp();
  const list = useListState(resetRuleList);
  const query = useMemo(() => resetRuleListQuery(list.query), [list.query]);
  const result = useResetRuleList(query);
  const remove = useDeleteResetRule();
  const describe = useRuleDescription();
  const canCreate = useCan(requirementOf(resetRuleEndpoints.create));
  const canEdit = useCan(requirementOf(resetRuleEndpoints.update));
  const canDelete = useCan(requirementOf(resetRuleEndpoints.remove));

  const columns: ListColumn<ResetRule>[] = [
    {
      key: 'name',
      title: t('field.name'),
      dataIndex: 'name',
      sortKey: 'name',
      alwaysVisible: true,
      render: (name: string, rule) => (canEdit ? <Link to={reminderUrls.resetRuleEdit(rule.id)}>{name}</Link> : name),
    },
    { key: 'partner', title: t('field.partner'), render: (_, r) => r.partner.name, exportValue: (r) => r.partner.name },
    {
      key: 'category',
      title: t('field.category'),
      render: (_, r) => r.category.name,
      exportValue: (r) => r.category.name,
    },
    {
      key: 'type',
      title: t('field.ruleType'),
      render: (_, r) => <Tag>{t(`ruleType.${r.type}`)}</Tag>,
      exportValue: (r) => t(`ruleType.${r.type}`),
    },
    { key: 'resetsWhen', title: t('field.resetsWhen'), render: (_, r) => describe(r), exportValue: describe },
    {
      key: 'remindBefore',
      title: t('field.remindBefore'),
      render: (_, r) => (r.remindBeforeReset ? r.remindBefore : '—'),
      exportValue: (r) => r.remindBefore,
    },
    {
      key: 'usage',
      title: t('column.usage'),
      render: (_, r) => t('column.ruleUsageCounts', { timers: r.timerCount, groups: r.groupCount }),
      exportValue: (r) => r.timerCount,
    },
    dateTimeColumn('updatedAt', t('field.updatedAt')),
  ];
  if (canEdit || canDelete) {
    columns.push({
      key: 'actions',
      title: t('column.actions'),
      alwaysVisible: true,
      noExport: true,
      fixed: 'right',
      render: (_, r) => (
        <Flex gap={4}>
          {canEdit && (
            <EditLink to={reminderUrls.resetRuleEdit(r.id)} label={t('action.editNamed', { name: r.name })}>
              {t('action.edit')}
            </EditLink>
          )}
          {canDelete && (
            <ConfirmButton
              size="small"
              type="link"
              danger
              title={t('resetRule.deleteConfirm', { name: r.name })}
              onConfirm={() =>
                remove.mutateAsync(r.id).catch((error: unknown) => {
                  explainInUse(modal, t('resetRule.deleteRefused'), error);
                  throw error;
                })
              }
            >
              {t('action.delete')}
            </ConfirmButton>
          )}
        </Flex>
      ),
    });
  }

  return (
    <ListPage
      listKey="reminder-reset-rules"
      state={list}
      result={result}
      columns={columns}
      rowKey={(r) => r.id}
      filters={
        <>
          <Form.Item name="partnerId" label={t('field.partner')}>
            <PartnerSelect mode="multiple" allowClear maxTagCount="responsive" style={{ minWidth: 200 }} />
          </Form.Item>
          <Form.Item name="categoryId" label={t('field.category')}>
            <CategorySelect allowClear style={{ minWidth: 180 }} />
          </Form.Item>
          <Form.Item name="type" label={t('field.ruleType')}>
            <ResetRuleTypeSelect allowClear style={{ minWidth: 180 }} placeholder={t('placeholder.any')} />
          </Form.Item>
          <Form.Item name="name" label={t('field.name')}>
            <Input allowClear maxLength={100} style={{ width: 180 }} />
          </Form.Item>
        </>
      }
      actions={canCreate && <NewButton to={reminderUrls.resetRuleNew()}>{t('action.newResetRule')}</NewButton>}
      emptyText={t('list.emptyResetRules')}
      exportFileName={t('exportFile.resetRules')}
      exportRows={() => fetchAllPages((pageNo, pageSize) => fetchResetRulePage({ ...query, pageNo, pageSize }))}
    />
  );
}

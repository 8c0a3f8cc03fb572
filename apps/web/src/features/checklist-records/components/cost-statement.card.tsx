import type { CostStatement } from '@fleetdesk/contracts';
import { Alert, Card, Descriptions, Flex, Spin, Table, type TableColumnsType, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '../../../shared/format.ts';
import { usePriceLabels } from '../../pricing/components/price-labels.ts';
import { useCostStatement } from '../api.ts';

type Line = CostStatement['lines'][number];

/**
 * The record's cost statement (read_cost only): one line per basic cost, labour and hardware option, with what the
 * workshop spent, what the customer is charged (net, tax, gross; "not charged" for options without a price), and
 * the totals per kind. A draft's statement is an estimate at today's rates; a finalized one is fixed.
 */
export function CostStatementCard({ recordId }: { recordId: string }) {
  const { t } = useTranslation('checklist-records');
  const price = usePriceLabels();
  const statement = useCostStatement(recordId, true);

  const body = (() => {
    if (statement.isPending) return <Spin />;
    if (statement.isError || !statement.data)
      return <Alert type="error" showIcon title={t('cost.failed')} description={statement.error?.message} />;
    const s = statement.data;
    const money = (amount: number) => price.money(amount, s.currency);
    const columns: TableColumnsType<Line> = [
      { key: 'kind', title: t('cost.kind'), render: (_, l) => <Tag>{t(`cost.line.${l.kind}`)}</Tag> },
      {
        key: 'item',
        title: t('cost.item'),
        render: (_, l) => (
          <Flex vertical>
            <span>{l.kind === 'basic' ? t('cost.basicCost') : (l.optionName ?? '')}</span>
            {(l.workItemName || l.sku) && (
              <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                {[l.workItemName, l.sku].filter(Boolean).join(' · ')}
              </Typography.Text>
            )}
          </Flex>
        ),
      },
      { key: 'quantity', title: t('cost.quantity'), align: 'right', render: (_, l) => l.quantity },
      {
        key: 'unitPrice',
        title: t('cost.unitPrice'),
        align: 'right',
        render: (_, l) =>
          l.unitPrice === null ? (
            <Typography.Text type="secondary">{t('option.notCharged')}</Typography.Text>
          ) : (
            money(l.unitPrice)
          ),
      },
      {
        key: 'taxRate',
        title: t('cost.taxRate'),
        align: 'right',
        responsive: ['lg'],
        render: (_, l) => (l.taxRate === null ? '—' : price.percent(l.taxRate)),
      },
      { key: 'net', title: t('cost.net'), align: 'right', responsive: ['md'], render: (_, l) => money(l.net) },
      { key: 'tax', title: t('cost.tax'), align: 'right', responsive: ['md'], render: (_, l) => money(l.tax) },
      { key: 'gross', title: t('cost.gross'), align: 'right', render: (_, l) => money(l.gross) },
      {
        key: 'cost',
        title: t('cost.cost'),
        align: 'right',
        responsive: ['lg'],
        render: (_, l) => money(l.costAmount),
      },
    ];
    const totals = (['basic', 'labour', 'hardware', 'total'] as const).map((kind) => ({
      key: kind,
      label: t(`cost.total.${kind}`),
      children: (
        <Flex vertical>
          <Typography.Text strong={kind === 'total'}>{money(s[kind].gross)}</Typography.Text>
          <Typography.Text type="secondary" style={{ fontSize: 12 }}>
            {t('cost.netTax', { net: money(s[kind].net), tax: money(s[kind].tax) })}
          </Typography.Text>
        </Flex>
      ),
    }));
    return (
      <Flex vertical gap={12}>
        <Flex gap={8} wrap align="center">
          <Tag color={s.isFinal ? 'green' : 'gold'}>{s.isFinal ? t('cost.final') : t('cost.estimate')}</Tag>
          <Typography.Text type="secondary">
            {t('cost.ratesAt', { at: formatDateTime(s.ratesAt) })}
            {s.taxGroup ? ` · ${t('cost.taxGroup', { name: s.taxGroup.name })}` : ` · ${t('cost.noTaxGroup')}`}
          </Typography.Text>
        </Flex>
        <Table<Line>
          size="small"
          rowKey={(l) => `${l.kind}:${l.groupName ?? ''}:${l.workItemName ?? ''}:${l.optionName ?? ''}`}
          columns={columns}
          dataSource={s.lines}
          pagination={false}
          scroll={{ x: 'max-content' }}
        />
        <Descriptions size="small" bordered items={totals} column={{ xs: 1, sm: 2, lg: 4 }} data-testid="cost-totals" />
        <Typography.Text type="secondary">{t('cost.workshopCost', { cost: money(s.total.cost) })}</Typography.Text>
      </Flex>
    );
  })();

  return (
    <Card title={t('cost.title')} data-testid="cost-statement">
      {body}
    </Card>
  );
}

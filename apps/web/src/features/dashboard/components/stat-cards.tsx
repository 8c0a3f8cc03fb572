import { Card, Col, Row, Statistic } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';

export interface StatItem {
  key: string;
  title: string;
  value: number | undefined;
  color?: string;
  prefix?: ReactNode;
  /** Where the figure leads: the list of what it counts, filtered as the dashboard is. */
  to?: string;
}

/**
 * A row of figures; each card is labelled by its title so a test or a screen reader finds it by name. A figure
 * with a destination is a link to the list of what it counts.
 */
export function StatCards({ items }: { items: StatItem[] }) {
  const { i18n } = useTranslation();
  const format = new Intl.NumberFormat(i18n.language);
  const card = (item: StatItem, hoverable: boolean) => (
    <Card
      size="small"
      hoverable={hoverable}
      role="group"
      aria-label={item.title}
      data-testid={`stat-${item.key}`}
      style={{ height: '100%' }}
    >
      <Statistic
        title={item.title}
        value={item.value ?? '–'}
        loading={item.value === undefined}
        formatter={(value) => format.format(Number(value))}
        prefix={item.prefix}
        styles={{ content: item.color ? { color: item.color } : undefined }}
      />
    </Card>
  );
  return (
    <Row gutter={[16, 16]}>
      {items.map((item) => (
        <Col key={item.key} xs={12} md={8} xl={24 / Math.min(items.length, 6)} style={{ flex: 1 }}>
          {item.to ? (
            <Link to={item.to} style={{ display: 'block', height: '100%' }}>
              {card(item, true)}
            </Link>
          ) : (
            card(item, false)
          )}
        </Col>
      ))}
    </Row>
  );
}

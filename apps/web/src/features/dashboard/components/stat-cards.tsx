import { Card, Col, Row, Statistic } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

export interface StatItem {
  key: string;
  title: string;
  value: number | undefined;
  color?: string;
  prefix?: ReactNode;
}

/** A row of figures; each card is labelled by its title so a test or a screen reader finds it by name. */
export function StatCards({ items }: { items: StatItem[] }) {
  const { i18n } = useTranslation();
  const format = new Intl.NumberFormat(i18n.language);
  return (
    <Row gutter={[16, 16]}>
      {items.map((item) => (
        <Col key={item.key} xs={12} md={8} xl={24 / Math.min(items.length, 6)} style={{ flex: 1 }}>
          <Card size="small" role="group" aria-label={item.title} data-testid={`stat-${item.key}`}>
            <Statistic
              title={item.title}
              value={item.value ?? '–'}
              loading={item.value === undefined}
              formatter={(value) => format.format(Number(value))}
              prefix={item.prefix}
              styles={{ content: item.color ? { color: item.color } : undefined }}
            />
          </Card>
        </Col>
      ))}
    </Row>
  );
}

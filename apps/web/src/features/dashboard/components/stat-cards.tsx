import type { CSSProperties, ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { PlainCard, PlainSkeleton } from '../../../shared/ui/plain.tsx';

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
  const card = (item: StatItem) => (
    <PlainCard role="group" aria-label={item.title} data-testid={`stat-${item.key}`}>
      <div className="fd-stat-title">{item.title}</div>
      {item.value === undefined ? (
        <PlainSkeleton rows={1} />
      ) : (
        <div className="fd-stat-value" style={item.color ? { color: item.color } : undefined}>
          {item.prefix && <span style={{ marginInlineEnd: 4 }}>{item.prefix}</span>}
          {format.format(item.value)}
        </div>
      )}
    </PlainCard>
  );
  // As many per row as there are figures, up to six, on a wide screen; three on a tablet, two on a phone.
  const perRow = { '--fd-stats-per-row': Math.min(items.length, 6) } as CSSProperties;
  return (
    <div className="fd-grid fd-stats" style={perRow}>
      {items.map((item) =>
        item.to ? (
          <Link key={item.key} to={item.to} className="fd-panel-link">
            {card(item)}
          </Link>
        ) : (
          <div key={item.key}>{card(item)}</div>
        ),
      )}
    </div>
  );
}

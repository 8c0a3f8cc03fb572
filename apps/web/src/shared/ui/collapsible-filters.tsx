import { FilterOutlined, SearchOutlined } from '@ant-design/icons';
import { Badge, Button, Card, Drawer, Flex } from 'antd';
import { createContext, type ReactNode, useContext, useState } from 'react';
import { createPortal } from 'react-dom';
import { useTranslation } from 'react-i18next';
import { usePhone } from './use-phone.ts';

/**
 * Where the one-line search goes while the filters are collapsed: undefined when they are not (everything renders
 * in place), null until the line is mounted.
 */
const FilterBarContext = createContext<HTMLElement | null | undefined>(undefined);

export interface CollapsibleFiltersProps {
  /** The filter form. */
  children: ReactNode;
  /** The card's title on a wide screen. */
  title?: ReactNode;
  /** Filters set other than the default (the Filters button's badge). */
  activeCount: number;
  /** Runs the search; the drawer closes when it answers true (false: a field shows an error to fix). */
  onApply: () => boolean | Promise<boolean>;
  onReset: () => void;
  applyDisabled?: boolean;
  applyLabel?: string;
  resetLabel?: string;
}

/**
 * The card holding a list's filter form. On a phone (issue 21) the card is one line — the search (a
 * {@link FilterBarItem}, rendered there through a portal, so it stays a field of the form) and a "Filters" button
 * — and the form opens in a drawer. The drawer renders from the start, so every field stays registered with the
 * form and keeps its value.
 */
export function CollapsibleFilters({
  children,
  title,
  activeCount,
  onApply,
  onReset,
  applyDisabled,
  applyLabel,
  resetLabel,
}: CollapsibleFiltersProps) {
  const { t } = useTranslation();
  const phone = usePhone();
  const [bar, setBar] = useState<HTMLElement | null>(null);
  const [open, setOpen] = useState(false);
  if (!phone)
    return (
      <Card size="small" title={title}>
        {children}
      </Card>
    );

  const apply = async () => {
    if (await onApply()) setOpen(false);
  };
  return (
    <FilterBarContext.Provider value={bar}>
      <Card size="small">
        <Flex
          gap={8}
          align="center"
          data-testid="filter-bar"
          // The line is outside the form: Enter in the search runs it here (a tags select keeps its Enter).
          onKeyDown={(event) => {
            const target = event.target as HTMLElement;
            const typing = target.tagName === 'INPUT' && !target.closest('.ant-select');
            if (event.key === 'Enter' && typing && !applyDisabled) void apply();
          }}
        >
          <div ref={setBar} style={{ flex: 1, minWidth: 0 }} />
          <Button
            type="primary"
            icon={<SearchOutlined />}
            aria-label={applyLabel ?? t('list.search')}
            disabled={applyDisabled}
            onClick={() => void apply()}
          />
          <Badge count={activeCount} size="small">
            <Button icon={<FilterOutlined />} onClick={() => setOpen(true)}>
              {t('list.filters')}
            </Button>
          </Badge>
        </Flex>
      </Card>
      <Drawer
        open={open}
        forceRender
        placement="right"
        size="100%"
        title={t('list.filters')}
        onClose={() => setOpen(false)}
        footer={
          <Flex justify="flex-end" gap={8}>
            <Button
              onClick={() => {
                onReset();
                setOpen(false);
              }}
            >
              {resetLabel ?? t('list.reset')}
            </Button>
            <Button type="primary" disabled={applyDisabled} onClick={() => void apply()}>
              {applyLabel ?? t('list.search')}
            </Button>
          </Flex>
        }
      >
        {children}
      </Drawer>
    </FilterBarContext.Provider>
  );
}

/**
 * A field that, on a phone, stands on the filters' one line (`bar`, usually the field without its label) instead
 * of in the drawer; elsewhere `children` renders in place.
 */
export function FilterBarItem({ bar, children }: { bar: ReactNode; children: ReactNode }) {
  const target = useContext(FilterBarContext);
  if (target === undefined) return children;
  return target ? createPortal(bar, target) : null;
}

/** The form's own buttons, left out on a phone, where the line and the drawer's footer have theirs. */
export function WideOnly({ children }: { children: ReactNode }) {
  return useContext(FilterBarContext) === undefined ? children : null;
}

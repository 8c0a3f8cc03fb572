import { type HTMLAttributes, type KeyboardEvent, type ReactNode, useId, useRef } from 'react';
import './plain.css';

/**
 * The few controls the console's first screen (the asset dashboard) draws without antd's components, in antd's look
 * and theme (plain.css): antd's Select, Tabs, Segmented, Card, Statistic, Result, Empty, Skeleton and Typography
 * were ~75 KB gzip of that screen (issue 27). Other pages keep antd's.
 */

export function PlainCard({
  title,
  extra,
  children,
  ...rest
}: { title?: ReactNode; extra?: ReactNode; children: ReactNode } & Omit<HTMLAttributes<HTMLElement>, 'title'>) {
  return (
    <section className="fd-panel" {...rest}>
      {(title || extra) && (
        <div className="fd-panel-head">
          <span>{title}</span>
          {extra}
        </div>
      )}
      <div className="fd-panel-body">{children}</div>
    </section>
  );
}

/** Grey bars while something loads; announced as busy. */
export function PlainSkeleton({ rows = 4 }: { rows?: number }) {
  return (
    <div className="fd-skeleton" aria-busy="true" data-testid="skeleton">
      {Array.from({ length: rows }, (_, index) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: the bars are identical and never reordered.
        <span key={index} />
      ))}
    </div>
  );
}

export function PlainEmpty({ children }: { children: ReactNode }) {
  return <div className="fd-empty">{children}</div>;
}

/** Data being replaced: the previous figures stay on screen, dimmed after 300 ms. */
export function Busy({ busy, children }: { busy: boolean; children: ReactNode }) {
  return (
    <div className="fd-busy" aria-busy={busy}>
      {children}
    </div>
  );
}

/** What to do when a panel's data could not be loaded at all (the notification says why). */
export function PlainProblem({ title, action }: { title: ReactNode; action: ReactNode }) {
  return (
    <div className="fd-problem" role="alert">
      <svg width="64" height="64" viewBox="0 0 64 64" aria-hidden="true" focusable="false">
        <circle cx="32" cy="32" r="32" fill="var(--ant-color-warning, #faad14)" />
        <path d="M32 16v20" stroke="#fff" strokeWidth="6" strokeLinecap="round" />
        <circle cx="32" cy="46" r="3.5" fill="#fff" />
      </svg>
      <div className="fd-problem-title">{title}</div>
      {action}
    </div>
  );
}

/** Moves the choice along a row of options with the arrow keys, Home and End (the ARIA tabs pattern). */
function nextByKey<T>(event: KeyboardEvent, options: readonly T[], current: T): T | undefined {
  const index = options.indexOf(current);
  const step = { ArrowRight: 1, ArrowDown: 1, ArrowLeft: -1, ArrowUp: -1 }[event.key];
  if (step !== undefined) return options[(index + step + options.length) % options.length];
  if (event.key === 'Home') return options[0];
  if (event.key === 'End') return options[options.length - 1];
  return undefined;
}

export interface PlainTabsProps<K extends string> {
  items: readonly { key: K; label: ReactNode }[];
  activeKey: K;
  onChange: (key: K) => void;
  /** The active tab's content. */
  children: ReactNode;
}

/** Tabs as the ARIA pattern has them: one tab stop, arrows move and select, the panel is labelled by its tab. */
export function PlainTabs<K extends string>({ items, activeKey, onChange, children }: PlainTabsProps<K>) {
  const id = useId();
  const list = useRef<HTMLDivElement>(null);
  const keys = items.map((item) => item.key);
  const onKeyDown = (event: KeyboardEvent) => {
    const next = nextByKey(event, keys, activeKey);
    if (next === undefined) return;
    event.preventDefault();
    onChange(next);
    list.current?.querySelector<HTMLElement>(`[data-key="${next}"]`)?.focus();
  };
  return (
    <div>
      <div className="fd-tablist" role="tablist" ref={list} onKeyDown={onKeyDown}>
        {items.map((item) => (
          <button
            key={item.key}
            type="button"
            role="tab"
            className="fd-tabbutton"
            id={`${id}-tab-${item.key}`}
            data-key={item.key}
            aria-selected={item.key === activeKey}
            aria-controls={`${id}-panel`}
            tabIndex={item.key === activeKey ? 0 : -1}
            onClick={() => onChange(item.key)}
          >
            {item.label}
          </button>
        ))}
      </div>
      <div role="tabpanel" id={`${id}-panel`} aria-labelledby={`${id}-tab-${activeKey}`}>
        {children}
      </div>
    </div>
  );
}

export interface PlainSegmentedProps<V extends string> {
  label: string;
  value: V;
  options: readonly { value: V; label: ReactNode }[];
  onChange: (value: V) => void;
}

/** A row of mutually exclusive choices: radio buttons, so the browser gives it its keyboard and its name. */
export function PlainSegmented<V extends string>({ label, value, options, onChange }: PlainSegmentedProps<V>) {
  const name = useId();
  return (
    <div className="fd-segmented" role="radiogroup" aria-label={label}>
      {options.map((option) => (
        <label key={option.value} className="fd-segment">
          <input
            type="radio"
            name={name}
            value={option.value}
            checked={option.value === value}
            onChange={() => onChange(option.value)}
          />
          <span>{option.label}</span>
        </label>
      ))}
    </div>
  );
}

export interface PlainSelectProps {
  label: string;
  /** The first option, meaning "no filter". */
  allLabel: string;
  value: string | undefined;
  options: readonly { value: string; label: string }[] | undefined;
  onChange: (value: string | undefined) => void;
  testId?: string;
}

/** A filter as the browser's own select: typing a name's first letters jumps to it, a tablet shows its picker. */
export function PlainSelect({ label, allLabel, value, options, onChange, testId }: PlainSelectProps) {
  return (
    <select
      className="fd-select"
      aria-label={label}
      data-testid={testId}
      value={value ?? ''}
      onChange={(event) => onChange(event.target.value || undefined)}
    >
      <option value="">{allLabel}</option>
      {options?.map((option) => (
        <option key={option.value} value={option.value}>
          {option.label}
        </option>
      ))}
      {/* A filter from the URL whose option has not loaded (or no longer exists) still shows as chosen. */}
      {value && !options?.some((option) => option.value === value) && <option value={value}>{value}</option>}
    </select>
  );
}

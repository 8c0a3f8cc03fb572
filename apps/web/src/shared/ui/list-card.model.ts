/**
 * What a list's columns become where a table does not fit: on a phone each row is a card, on a wide table the
 * identifying column and the actions stay pinned. One reading of the column definitions serves both, so a list
 * needs no per-page code for either (issue 21).
 */

/** The part a column plays in a row's card; `none` keeps it out of the card (still in the table). */
export type CardRole = 'title' | 'status' | 'figure' | 'actions' | 'none';

export interface CardColumnLike {
  key: string;
  card?: CardRole;
  alwaysVisible?: boolean;
  /** antd's pinning: 'left'/'start' (or true) and 'right'/'end'. */
  fixed?: string | boolean;
}

export interface CardModel<C> {
  /** The column naming the row (number, name): the card's heading and the table's left pinned column. */
  title: C | undefined;
  /** The row's state (a tag): at the card's top right. */
  status: C | undefined;
  /** The key figures shown as label–value lines. */
  figures: C[];
  /** The row's buttons: the card's footer and the table's right pinned column. */
  actions: C | undefined;
}

/** A card shows at most this many figures unless the list marks more (a phone screen holds few). */
export const CARD_FIGURES = 3;

const isActions = (c: CardColumnLike) => c.key === 'actions';
const isStatus = (c: CardColumnLike) => /(status|state)$/i.test(c.key);

/**
 * Reads a list's visible columns, in their order. A column's explicit `card` role wins; otherwise the actions are
 * the `actions` column, the title is the column pinned left or else the first one that cannot be hidden or else
 * the first, the status is the first whose key ends in "status" or "state", and the figures are the next columns
 * — those marked `figure` when any is, else the first {@link CARD_FIGURES} others.
 */
export function cardModel<C extends CardColumnLike>(columns: readonly C[]): CardModel<C> {
  const explicit = (role: CardRole) => columns.find((c) => c.card === role);
  const open = columns.filter((c) => c.card === undefined);

  const actions = explicit('actions') ?? open.find(isActions);
  const title =
    explicit('title') ??
    open.find((c) => c.fixed === 'left' || c.fixed === 'start' || c.fixed === true) ??
    open.find((c) => c.alwaysVisible && c !== actions) ??
    open.find((c) => c !== actions);
  const status = explicit('status') ?? open.find((c) => c !== title && c !== actions && isStatus(c));

  const marked = columns.filter((c) => c.card === 'figure');
  const figures =
    marked.length > 0
      ? marked
      : open.filter((c) => c !== title && c !== status && c !== actions).slice(0, CARD_FIGURES);
  return { title, status, figures, actions };
}

/**
 * Pins the identifying column left and the actions right on a wide screen (a column's own `fixed` stays). Below
 * that nothing is pinned: a pinned column would cover most of a narrow table.
 */
export function pinColumns<C extends CardColumnLike>(columns: readonly C[], wide: boolean): C[] {
  if (!wide) return columns.map((c) => ({ ...c, fixed: undefined }));
  const { title, actions } = cardModel(columns);
  return columns.map((c) => {
    if (c.fixed !== undefined) return c;
    if (c === title) return { ...c, fixed: 'left' as const };
    if (c === actions) return { ...c, fixed: 'right' as const };
    return c;
  });
}

/** How many filters differ from what a fresh list opens with (the badge on the phone's Filters button). */
export function activeFilterCount(
  values: Readonly<Record<string, unknown>>,
  fallbacks: Readonly<Record<string, unknown>>,
): number {
  const empty = (v: unknown) => v === undefined || v === null || v === '' || (Array.isArray(v) && v.length === 0);
  return Object.keys(fallbacks).filter((key) => {
    const value = values[key];
    const fallback = fallbacks[key];
    if (empty(value)) return !empty(fallback);
    return JSON.stringify(value) !== JSON.stringify(fallback);
  }).length;
}

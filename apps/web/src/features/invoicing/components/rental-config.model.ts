import type { PartnerRef, RentalConfig, RentalConfigInput } from '@fleetdesk/contracts';
import { ApiError, isApiError } from '../../../shared/http.ts';
import { parseSort } from '../../../shared/ui/list-state.ts';
import type { RentalConfigSortKey, RentalConfigStatus } from '../urls.ts';

/** One partner of the list, with its invoicing identity or null when none is set (it then issues no invoices). */
export interface RentalConfigRow {
  partner: PartnerRef;
  config: RentalConfig | null;
}

/**
 * One row per partner in scope. The server pages only the partners that have a config, so the list joins the
 * partners ($all, reference data) with every config ($findAll) and shapes the rows itself.
 */
export function rentalConfigRows(partners: readonly PartnerRef[], configs: readonly RentalConfig[]): RentalConfigRow[] {
  const byPartner = new Map(configs.map((config) => [config.partner.id, config]));
  const rows: RentalConfigRow[] = partners.map((partner) => ({ partner, config: byPartner.get(partner.id) ?? null }));
  const listed = new Set(partners.map((partner) => partner.id));
  // A config of a partner the reference list does not have yet (created since it loaded) is shown all the same.
  for (const config of configs) if (!listed.has(config.partner.id)) rows.push({ partner: config.partner, config });
  return rows;
}

export interface RentalConfigRowQuery {
  search?: string | undefined;
  status: RentalConfigStatus;
  /** `key:asc|desc` of the list's URL. */
  sort: string;
}

const byName = (a: RentalConfigRow, b: RentalConfigRow) =>
  a.partner.name.localeCompare(b.partner.name, undefined, { sensitivity: 'base' }) ||
  a.partner.id.localeCompare(b.partner.id);

const sortValue: Record<Exclude<RentalConfigSortKey, 'partner'>, (config: RentalConfig) => string | number> = {
  invoicePrefix: (config) => config.invoicePrefix,
  issued: (config) => config.issued,
  updatedAt: (config) => config.updatedAt,
};

function compare(key: RentalConfigSortKey, a: RentalConfigRow, b: RentalConfigRow): number {
  if (key === 'partner') return byName(a, b);
  if (!a.config || !b.config) return 0;
  const left = sortValue[key](a.config);
  const right = sortValue[key](b.config);
  if (typeof left === 'number' && typeof right === 'number') return left - right;
  return String(left).localeCompare(String(right));
}

/**
 * The rows the filters keep, in the asked order. Partners without a config have nothing to sort by except their
 * name: they follow the configured ones in either direction; ties go by partner name.
 */
export function selectRows(rows: readonly RentalConfigRow[], query: RentalConfigRowQuery): RentalConfigRow[] {
  const search = query.search?.trim().toLocaleLowerCase();
  const kept = rows.filter(
    (row) =>
      (query.status === 'all' || (query.status === 'set') === (row.config !== null)) &&
      (!search ||
        [row.partner.name, row.config?.sellerName, row.config?.invoicePrefix].some((text) =>
          text?.toLocaleLowerCase().includes(search),
        )),
  );
  const { key, direction } = parseSort<RentalConfigSortKey>(query.sort);
  const sign = direction === 'desc' ? -1 : 1;
  return kept.sort((a, b) => {
    if (key !== 'partner' && (a.config === null) !== (b.config === null)) return a.config ? -1 : 1;
    return sign * compare(key, a, b) || byName(a, b);
  });
}

/** One page of the selected rows and how many there are, the shape of a list endpoint's answer. */
export function pageOf<Row>(rows: readonly Row[], pageNo: number, pageSize: number): { data: Row[]; count: number } {
  return { data: rows.slice((pageNo - 1) * pageSize, pageNo * pageSize), count: rows.length };
}

/** The number the partner's next invoice gets, as the server writes it: `PREFIX-YYYY-000042` (year in UTC). */
export function nextInvoiceNo(prefix: string, issued: number, now: Date = new Date()): string {
  return `${prefix}-${now.getUTCFullYear()}-${String(issued + 1).padStart(6, '0')}`;
}

/** What the edit form starts from: the stored identity, absent optional texts as empty fields. */
export function formValuesOf(config: RentalConfig): RentalConfigInput {
  return {
    invoicePrefix: config.invoicePrefix,
    sellerName: config.sellerName,
    vatNumber: config.vatNumber ?? '',
    invoiceFooter: config.invoiceFooter ?? '',
  };
}

/**
 * Makes the create refusal land on the partner field: a 409 means another user set this partner's identity since
 * the form opened ("The partner have already been set"), which only picking another partner fixes.
 */
export function toCreateFormError(error: unknown): unknown {
  if (!isApiError(error) || error.status !== 409) return error;
  return new ApiError(
    error.status,
    'ValidationError',
    error.message,
    { fields: { partnerId: error.message } },
    error.url,
  );
}

/** How many partners in scope have an invoicing identity, and which have none (they issue no invoices). */
export function identityCoverage(rows: readonly RentalConfigRow[]): { total: number; missing: PartnerRef[] } {
  return { total: rows.length, missing: rows.filter((row) => row.config === null).map((row) => row.partner) };
}

/** The first few names of a list for a sentence ("Roma Rides, Torino Go +3"); the rest only counted. */
export function namesPreview(partners: readonly PartnerRef[], max = 5): string {
  const names = partners.slice(0, max).map((partner) => partner.name);
  const more = partners.length - names.length;
  return more > 0 ? `${names.join(', ')} +${more}` : names.join(', ');
}

import {
  categoryEndpoints,
  type DepositPart,
  type DepositPartInput,
  type DiscountCreate,
  type DiscountReschedule,
  type DiscountUpdate,
  type PricingPart,
  type PricingPartInput,
  type ProgramKey,
  pricingEndpoints,
  type QueryInputOf,
  type RulePart,
  type RulePartInput,
} from '@fleetdesk/contracts';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { type ApiError, call } from '../../shared/http.ts';
import { useSignedInProfile } from '../../shared/profile.ts';
import { categoryKeys } from '../categories/api.ts';

export type PartKind = 'pricingPart' | 'depositPart' | 'rulePart';
export interface PartRow {
  pricingPart: PricingPart;
  depositPart: DepositPart;
  rulePart: RulePart;
}
export interface PartInput {
  pricingPart: PricingPartInput;
  depositPart: DepositPartInput;
  rulePart: RulePartInput;
}
export type PartListQuery = QueryInputOf<typeof pricingEndpoints.pricingParts>;
export type DiscountListQuery = QueryInputOf<typeof pricingEndpoints.discounts>;

/** Query keys of the pricing feature. A change of any part can reprice or delete discounts: mutations refresh it all. */
export const pricingKeys = {
  all: ['pricing'] as const,
  partLists: (kind: PartKind) => [...pricingKeys.all, kind, 'list'] as const,
  partList: (kind: PartKind, query: PartListQuery) => [...pricingKeys.partLists(kind), query] as const,
  part: (kind: PartKind, key: ProgramKey) => [...pricingKeys.all, kind, 'detail', key] as const,
  program: (key: Partial<ProgramKey>) => [...pricingKeys.all, 'program', key] as const,
  discountList: (query: DiscountListQuery) => [...pricingKeys.all, 'discounts', 'list', query] as const,
  discount: (id: string) => [...pricingKeys.all, 'discounts', 'detail', id] as const,
};

const listEndpoints = {
  pricingPart: pricingEndpoints.pricingParts,
  depositPart: pricingEndpoints.depositParts,
  rulePart: pricingEndpoints.ruleParts,
} as const;

/** Refusals a pricing form shows itself (on a field, in a confirmation, in an alert with a link). */
const shownByForm = new Set([
  'ValidationError',
  'DependentDiscounts',
  'PartnerConfigIncomplete',
  'CreditCardPolicyRequired',
]);
export const unlessShownByForm = (error: ApiError) => !shownByForm.has(error.code);

export function usePartList<K extends PartKind>(kind: K, query: PartListQuery, options: { enabled?: boolean } = {}) {
  return useQuery({
    queryKey: pricingKeys.partList(kind, query),
    // The three list endpoints share query and envelope; only the row differs.
    queryFn: ({ signal }) =>
      call(listEndpoints[kind] as typeof pricingEndpoints.pricingParts, { query }, { signal }) as unknown as Promise<{
        data: PartRow[K][];
        count: number;
      }>,
    placeholderData: keepPreviousData,
    enabled: options.enabled ?? true,
  });
}

export function usePart<K extends PartKind>(kind: K, key: ProgramKey) {
  return useQuery({
    queryKey: pricingKeys.part(kind, key),
    // A 404 is shown by the page ("The data do not exist!"), not as a notification.
    queryFn: ({ signal }) =>
      (
        call(
          pricingEndpoints[kind].get as typeof pricingEndpoints.pricingPart.get,
          { params: key },
          { signal, notify: (e) => e.status !== 404 },
        ) as unknown as Promise<{ data: PartRow[K] }>
      ).then((r) => r.data),
    enabled: Boolean(key.partnerId && key.assetCategoryId),
  });
}

/** Create (POST) or replace (PUT) one part of the program of a partner and category. */
export function useSavePart<K extends PartKind>(kind: K, action: 'create' | 'replace') {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ key, body }: { key: ProgramKey; body: PartInput[K] }) =>
      call(
        pricingEndpoints[kind][action] as typeof pricingEndpoints.pricingPart.create,
        { params: key, body: body as PricingPartInput },
        { notify: unlessShownByForm },
      ) as unknown as Promise<{ data: PartRow[K] }>,
    onSuccess: () => client.invalidateQueries({ queryKey: pricingKeys.all }),
  });
}

/** Delete one part; `confirmDiscountDeletion` after the user saw the discounts that go with it (409 first). */
export function useDeletePart(kind: PartKind) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ key, confirmDiscountDeletion }: { key: ProgramKey; confirmDiscountDeletion?: boolean }) =>
      call(
        pricingEndpoints[kind].remove,
        { params: key, query: confirmDiscountDeletion ? { confirmDiscountDeletion: 'true' } : {} },
        { notify: (e) => e.code !== 'DependentDiscounts' },
      ),
    onSuccess: (_, { key }) => {
      client.removeQueries({ queryKey: pricingKeys.part(kind, key) });
      return client.invalidateQueries({ queryKey: pricingKeys.all });
    },
  });
}

/** The program of a partner and category (its payment plans, for a discount); null when it has none. */
export function useProgram(key: Partial<ProgramKey>) {
  const { partnerId, assetCategoryId } = key;
  return useQuery({
    queryKey: pricingKeys.program(key),
    queryFn: ({ signal }) =>
      call(
        pricingEndpoints.findProgram,
        { body: { partnerId: partnerId ?? '', assetCategoryId: assetCategoryId ?? '' } },
        { signal, notify: (e) => e.status !== 404 },
      ).then(
        (r) => r.data,
        (error: ApiError) => {
          if (error.status === 404) return null;
          throw error;
        },
      ),
    enabled: Boolean(partnerId && assetCategoryId),
  });
}

export function useDiscountList(query: DiscountListQuery) {
  return useQuery({
    queryKey: pricingKeys.discountList(query),
    queryFn: ({ signal }) => call(pricingEndpoints.discounts, { query }, { signal }),
    placeholderData: keepPreviousData,
  });
}

export function useDiscount(id: string) {
  return useQuery({
    queryKey: pricingKeys.discount(id),
    queryFn: ({ signal }) =>
      call(pricingEndpoints.discount, { params: { id } }, { signal, notify: (e) => e.status !== 404 }).then(
        (r) => r.data,
      ),
    enabled: Boolean(id),
  });
}

export function useCreateDiscount() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: DiscountCreate) =>
      call(pricingEndpoints.createDiscount, { body }, { notify: unlessShownByForm }),
    onSuccess: () => client.invalidateQueries({ queryKey: pricingKeys.all }),
  });
}

export function useUpdateDiscount(id: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: DiscountUpdate) =>
      call(pricingEndpoints.updateDiscount, { params: { id }, body }, { notify: unlessShownByForm }),
    onSuccess: ({ data }) => {
      client.setQueryData(pricingKeys.discount(id), data);
      return client.invalidateQueries({ queryKey: pricingKeys.all });
    },
  });
}

export function useRescheduleDiscount(id: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: DiscountReschedule) =>
      call(pricingEndpoints.rescheduleDiscount, { params: { id }, body }, { notify: unlessShownByForm }),
    onSuccess: ({ data }) => {
      client.setQueryData(pricingKeys.discount(id), data);
      return client.invalidateQueries({ queryKey: pricingKeys.all });
    },
  });
}

export function useCancelDiscount(id: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: () => call(pricingEndpoints.cancelDiscount, { params: { id } }),
    onSuccess: ({ data }) => {
      client.setQueryData(pricingKeys.discount(id), data);
      return client.invalidateQueries({ queryKey: pricingKeys.all });
    },
  });
}

/**
 * Asset categories for the pickers, under the categories feature's key so a category change refreshes them. A user
 * who may read prices but not categories gets an empty picker, not a notification.
 */
export function useCategoryOptions() {
  const profile = useSignedInProfile();
  return useQuery({
    queryKey: categoryKeys.summaries(),
    queryFn: ({ signal }) => call(categoryEndpoints.summaries, {}, { signal, notify: false }).then((r) => r.data),
    staleTime: 60_000,
    enabled: profile !== undefined,
  });
}

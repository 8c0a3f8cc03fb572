import { z } from 'zod';
import { dataOf } from './common.ts';
import { endpoint } from './endpoint.ts';
import { type Requirement, requires } from './permissions.ts';

/** At most this many values are kept per key; appending beyond it is refused. */
export const TEXT_SUGGESTIONS_MAX_PER_KEY = 500;

/**
 * The free-text fields that offer suggestions, each with what adding to its list needs: the permission of the
 * screen the field is on. The list is fixed: a key not listed here is refused (400), so nobody can start an
 * account-wide list under a name of their own.
 */
export const textSuggestionKeys = {
  'order.end-reason': requires('order.end'),
  'order.exempt-refund-reason': requires('order.exempt_refund'),
  'renting-intent.cancel-reason': requires('renting_intent.update'),
  'customer-ticket.issue': requires('support.customer_ticket.create', 'support.customer_ticket.update'),
  'customer-ticket.check-in-note': requires('support.customer_ticket.check_in'),
  'customer-ticket.pause-reason': requires(
    'support.customer_ticket.update',
    'support.customer_ticket.update_assigned_to_self',
  ),
  'ticket.issue': requires('support.ticket.create', 'support.ticket.update'),
} as const satisfies Record<string, Requirement>;

export type TextSuggestionKey = keyof typeof textSuggestionKeys;
export const textSuggestionKeyList = Object.keys(textSuggestionKeys) as [TextSuggestionKey, ...TextSuggestionKey[]];

export const UNKNOWN_SUGGESTION_KEY_MESSAGE = `Unknown suggestion key; known keys: ${textSuggestionKeyList.join(', ')}`;

export const suggestionKeyParams = z.strictObject({
  key: z.enum(textSuggestionKeyList, { message: UNKNOWN_SUGGESTION_KEY_MESSAGE }),
});

export const appendSuggestionsBody = z.strictObject({
  values: z
    .array(
      z
        .string()
        .transform((v) => v.trim())
        .pipe(
          z
            .string()
            .min(1, { message: 'Must not be only whitespace' })
            .max(100, { message: 'Must be at most 100 characters' }),
        ),
    )
    .min(1, { message: 'Please select at least one item' })
    .max(50, { message: 'At most 50 values at a time' }),
});

export const textSuggestionEndpoints = {
  values: endpoint({
    method: 'GET',
    path: '/account/settings/text-suggestions/:key/values',
    summary: 'The suggested values of a free-text field, oldest first',
    tag: 'settings',
    requires: [],
    params: suggestionKeyParams,
    response: dataOf(z.array(z.string())),
  }),
  append: endpoint({
    method: 'POST',
    path: '/account/settings/text-suggestions/:key/append-values',
    summary:
      'Add values (trimmed, deduplicated case-insensitively) and return the whole list; needs the permission of ' +
      'the key\'s screen and scope "*" (the list is shown to every partner)',
    tag: 'settings',
    // Any one key's permission passes the guard; the service then checks the permission of the key asked.
    requires: Object.values(textSuggestionKeys).flat(),
    params: suggestionKeyParams,
    body: appendSuggestionsBody,
    response: dataOf(z.array(z.string())),
  }),
};

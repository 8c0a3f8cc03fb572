import { z } from 'zod';
import { dataOf } from './common.ts';
import { endpoint } from './endpoint.ts';

/** At most this many values are kept per key; appending beyond it is refused. */
export const TEXT_SUGGESTIONS_MAX_PER_KEY = 500;

export const suggestionKeyParams = z.strictObject({
  key: z
    .string()
    .regex(/^[a-zA-Z0-9._-]{1,64}$/, { message: 'Key must be 1 to 64 letters, digits, dot, dash or underscore' }),
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
    summary: 'Add values (trimmed, deduplicated case-insensitively) and return the whole list',
    tag: 'settings',
    requires: [],
    params: suggestionKeyParams,
    body: appendSuggestionsBody,
    response: dataOf(z.array(z.string())),
  }),
};

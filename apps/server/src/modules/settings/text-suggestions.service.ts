import {
  satisfies,
  TEXT_SUGGESTIONS_MAX_PER_KEY,
  type TextSuggestionKey,
  textSuggestionKeys,
} from '@fleetdesk/contracts';
import type { Db } from '../../db/client.ts';
import { DomainError } from '../../errors.ts';
import type { Caller } from '../../lib/caller.ts';
import { allPartners } from '../../lib/scope.ts';
import * as repo from './text-suggestions.repo.ts';

/**
 * Suggestions are typing aids shared by the whole account: any signed-in staff member reads them, and each key
 * is bounded so a list stays usable in a dropdown. A list is shown to every partner's staff, so adding to it
 * is an account-wide write: it needs the permission of the key's screen and scope "*".
 */
export function createTextSuggestionService(deps: { db: Db }) {
  const { db } = deps;
  return {
    /** The values of a key, oldest first. */
    values: (key: TextSuggestionKey) => repo.values(db, key),

    /** Adds values not yet present (trimmed, case-insensitive), refusing to grow a key past its bound. */
    async append(caller: Caller, key: TextSuggestionKey, values: string[]): Promise<string[]> {
      if (!satisfies(caller.permissions, textSuggestionKeys[key])) {
        throw new DomainError('Forbidden', 403, `Adding suggestions to "${key}" needs the permission of its screen`, {
          key,
          requires: textSuggestionKeys[key],
        });
      }
      const all = allPartners(caller.scope);
      const seen = new Set<string>();
      const distinct = values.filter((v) => {
        const folded = v.toLowerCase();
        if (seen.has(folded)) return false;
        seen.add(folded);
        return true;
      });
      return db.transaction(async (tx) => {
        const existing = new Set((await repo.values(tx, key)).map((v) => v.toLowerCase()));
        const fresh = distinct.filter((v) => !existing.has(v.toLowerCase()));
        if (existing.size + fresh.length > TEXT_SUGGESTIONS_MAX_PER_KEY) {
          throw new DomainError(
            'TooManySuggestions',
            422,
            `A key holds at most ${TEXT_SUGGESTIONS_MAX_PER_KEY} values`,
            { max: TEXT_SUGGESTIONS_MAX_PER_KEY, current: existing.size },
          );
        }
        if (fresh.length) await repo.append(tx, all, key, fresh);
        return repo.values(tx, key);
      });
    },
  };
}

export type TextSuggestionService = ReturnType<typeof createTextSuggestionService>;

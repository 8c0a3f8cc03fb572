import { and, inArray, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { partners, sites } from '../../db/schema/index.ts';
import { inScope } from '../../db/sql.ts';
import type { Scope } from '../../lib/scope.ts';

/** In-scope partners whose name is one of these (compared in lower case); names need not be unique. */
export async function partnersNamed(db: DbOrTx, scope: Scope, lowerNames: readonly string[]) {
  if (lowerNames.length === 0) return [];
  return db
    .select({ id: partners.id, name: partners.name })
    .from(partners)
    .where(and(inArray(sql`lower(${partners.name})`, [...lowerNames]), inScope(scope, partners.id)));
}

/** Sites of these in-scope partners whose name is one of these (compared in lower case). */
export async function sitesNamed(
  db: DbOrTx,
  scope: Scope,
  partnerIds: readonly string[],
  lowerNames: readonly string[],
) {
  if (partnerIds.length === 0 || lowerNames.length === 0) return [];
  return db
    .select({ id: sites.id, partnerId: sites.partnerId, name: sites.name })
    .from(sites)
    .where(
      and(
        inArray(sites.partnerId, [...partnerIds]),
        inArray(sql`lower(${sites.name})`, [...lowerNames]),
        inScope(scope, sites.partnerId),
      ),
    );
}

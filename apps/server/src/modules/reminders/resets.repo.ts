import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { inScopeSql, rows, uuidList } from '../../db/sql.ts';
import type { AllPartners, Scope } from '../../lib/scope.ts';

/** The asset timers of live groups whose rule is one of these, on this asset. */
const ofRules = (assetId: string, rule: ReturnType<typeof sql>) => sql`
  select at.id from asset_timers at
  join asset_timer_groups g on g.id = at.group_id and g.deleted_at is null
  join reset_rules r on r.id = g.reset_rule_id
  where at.asset_id = ${assetId}::uuid and ${rule}
  order by at.id`;

/**
 * The asset's timers a finalized checklist record resets: their group's rule is a checklistRecord rule naming the
 * record's checklist, or a work item the record holds a result for.
 */
export async function timersResetByRecord(
  tx: DbOrTx,
  _scope: AllPartners,
  e: { assetId: string; checklistId: string; workItemIds: readonly string[] },
): Promise<string[]> {
  const items = e.workItemIds.length > 0 ? sql` or r.work_item_id in (${uuidList(e.workItemIds)})` : sql``;
  const found = await rows<{ id: string }>(
    tx,
    ofRules(e.assetId, sql`r.type = 'checklistRecord' and (r.checklist_id = ${e.checklistId}::uuid${items})`),
  );
  return found.map((r) => r.id);
}

/** The asset's timers whose rule watches one of these properties for the value it now has. */
export async function timersResetByProperty(
  tx: DbOrTx,
  _scope: AllPartners,
  assetId: string,
  changes: readonly { property: string; value: string }[],
): Promise<{ id: string; property: string; value: string }[]> {
  if (changes.length === 0) return [];
  return rows<{ id: string; property: string; value: string }>(
    tx,
    sql`
    select at.id, r.property, r.property_value as value from asset_timers at
    join asset_timer_groups g on g.id = at.group_id and g.deleted_at is null
    join reset_rules r on r.id = g.reset_rule_id
    join json_to_recordset(${JSON.stringify(changes)}::json) as c(property text, value text)
      on c.property = r.property and c.value = r.property_value
    where at.asset_id = ${assetId}::uuid and r.type = 'assetProperty'
    order by at.id`,
  );
}

/** Which of these asset timers the scope reaches (by the asset's partner), locked in id order. */
export async function lockAssetTimers(tx: DbOrTx, scope: Scope, ids: readonly string[]): Promise<string[]> {
  if (ids.length === 0) return [];
  const inScope = inScopeSql(scope, sql`at.partner_id`);
  const found = await rows<{ id: string }>(
    tx,
    sql`select at.id from asset_timers at where at.id in (${uuidList(ids)})${inScope ? sql` and ${inScope}` : sql``}
      order by at.id for update`,
  );
  return found.map((r) => r.id);
}

import type { deviceAlarmCodes, deviceErrorCodes } from '@fleetdesk/contracts';
import { isNotNull, sql } from 'drizzle-orm';
import type { DbOrTx } from '../client.ts';
import { assetEvents, assets } from '../schema/index.ts';
import { type SeededRandom, seededRandom } from './random.ts';

const DAY = 86_400_000;
const DAYS = 30;
const CHUNK = 1_000;

/** How often each alarm and error happens in a fleet, roughly. */
const alarmWeight: Record<(typeof deviceAlarmCodes)[number], number> = {
  'low-battery': 34,
  tilt: 26,
  'illegal-move': 20,
  fall: 12,
  tamper: 8,
};
const errorWeight: Record<(typeof deviceErrorCodes)[number], number> = {
  'communication-timeout': 40,
  'gps-fault': 30,
  'battery-fault': 16,
  'controller-fault': 14,
};

/** What a device sends with an alarm or error, beyond its code. */
function detailOf(code: string, chargePct: number | null, rng: SeededRandom): Record<string, unknown> {
  switch (code) {
    case 'low-battery':
      return { chargePct: Math.min(chargePct ?? 15, 15) };
    case 'tilt':
    case 'fall':
      return { angle: Math.round(35 + rng.next() * 55) };
    case 'illegal-move':
      return { distanceM: Math.round(20 + rng.next() * 400) };
    case 'communication-timeout':
      return { silentS: Math.round(600 + rng.next() * 7200) };
    case 'battery-fault':
      return { voltageMilli: Math.round(2900 + rng.next() * 500) };
    default:
      return {};
  }
}

/**
 * Thirty days of device alarms and errors for the demo fleet, so the asset dashboard has history on first
 * start: most devices raise none or a few, some are troublesome; low charge brings low-battery alarms and a
 * device that went quiet brings communication timeouts. Each asset then keeps its latest alarm and error
 * (assets.alarm_code/alarm_at, error_code/error_at), as the gateway would, so the recent ones show as Alarm or
 * Error. Rows go in chunks of a thousand so `npm start` stays fast.
 */
export async function seedDemoAssetEvents(db: DbOrTx) {
  const fleet = await db
    .select({
      id: assets.id,
      partnerId: assets.partnerId,
      chargePct: assets.chargePct,
      lastUpdate: assets.iotLastUpdateTime,
      latitude: assets.latitude,
      longitude: assets.longitude,
    })
    .from(assets)
    .where(isNotNull(assets.iotDeviceNo))
    .orderBy(assets.no);
  if (fleet.length === 0) return;
  const rng = seededRandom(20261124);
  const now = Date.now();
  const events: (typeof assetEvents.$inferInsert)[] = [];

  /** A moment in the last 30 days, mostly in the daytime, a little busier lately. */
  const when = () => {
    for (;;) {
      const at = now - rng.next() ** 1.15 * DAYS * DAY;
      const hour = new Date(at).getUTCHours();
      if (hour >= 5 && hour <= 21) return new Date(at);
      if (rng.next() < 0.35) return new Date(at);
    }
  };

  for (const asset of fleet) {
    const lowCharge = asset.chargePct !== null && asset.chargePct < 30;
    const quiet = asset.lastUpdate !== null && now - asset.lastUpdate.getTime() > DAY;
    const count = Math.floor(rng.next() ** 3 * 8) + (lowCharge && rng.next() < 0.5 ? 1 : 0);
    for (let i = 0; i < count; i++) {
      const alarm = rng.next() < 0.74;
      let code: string = alarm ? rng.weighted(alarmWeight) : rng.weighted(errorWeight);
      if (alarm && lowCharge && rng.next() < 0.4) code = 'low-battery';
      if (!alarm && quiet && rng.next() < 0.5) code = 'communication-timeout';
      const at = quiet && asset.lastUpdate ? new Date(Math.min(when().getTime(), asset.lastUpdate.getTime())) : when();
      const jitter = () => (rng.next() - 0.5) * 0.002;
      events.push({
        assetId: asset.id,
        partnerId: asset.partnerId,
        type: alarm ? 'device-alarm' : 'device-error',
        code,
        occurredAt: at,
        latitude: asset.latitude === null ? null : asset.latitude + jitter(),
        longitude: asset.longitude === null ? null : asset.longitude + jitter(),
        data: detailOf(code, asset.chargePct, rng),
      });
    }
  }
  events.sort((a, b) => (a.occurredAt as Date).getTime() - (b.occurredAt as Date).getTime());
  for (let i = 0; i < events.length; i += CHUNK) await db.insert(assetEvents).values(events.slice(i, i + CHUNK));

  for (const [type, codeColumn, atColumn] of [
    ['device-alarm', 'alarm_code', 'alarm_at'],
    ['device-error', 'error_code', 'error_at'],
  ] as const) {
    await db.execute(sql`
      update ${assets} a set ${sql.raw(codeColumn)} = e.code, ${sql.raw(atColumn)} = e.occurred_at
      from (
        select distinct on (asset_id) asset_id, code, occurred_at from ${assetEvents}
        where type = ${type} order by asset_id, occurred_at desc
      ) e
      where a.id = e.asset_id`);
  }
}

import {
  ALARM_ALREADY_ACKNOWLEDGED_MESSAGE,
  ALARM_DEFAULT_RANGE_MS,
  type Alarm,
  type AlarmAcknowledgeBody,
  type AlarmListQuery,
  ASSET_ALARM_HISTORY,
  type AssetAlarmState,
  type AssetDisplayStatus,
  IOT_ALARM_WINDOW_MS,
} from '@fleetdesk/contracts';
import type { Db } from '../../db/client.ts';
import { DomainError, notFound } from '../../errors.ts';
import type { Caller } from '../../lib/caller.ts';
import { toIso } from '../../lib/rows.ts';
import { assertPartnerInScope } from '../../lib/scope.ts';
import { writeFieldLogs } from '../audit/audit.repo.ts';
import * as repo from './alarms.repo.ts';

function toAlarm(row: repo.AlarmRow): Alarm {
  return {
    id: row.id,
    asset: { id: row.assetId, no: row.assetNo },
    partner: { id: row.partnerId, name: row.partnerName },
    type: row.type,
    code: row.code,
    occurredAt: toIso(row.occurredAt),
    position:
      row.latitude !== null && row.longitude !== null
        ? { lat: Number(row.latitude), lng: Number(row.longitude) }
        : null,
    acknowledgement: row.ackAt
      ? {
          user: row.ackUserId ? { id: row.ackUserId, name: row.ackUserName ?? '' } : null,
          at: toIso(row.ackAt),
          note: row.ackNote ?? '',
        }
      : null,
  };
}

/** The alarm or error on the asset's row while it still sets the display status. */
function shown(code: string | null, at: Date | string | null) {
  if (at === null || Date.now() - new Date(at).getTime() >= IOT_ALARM_WINDOW_MS) return null;
  return { code, at: toIso(at) };
}

export function createAlarmService(deps: { db: Db }) {
  const { db } = deps;
  return {
    /** The inbox: device alarms of the period (the last 7 days unless asked) in the caller's scope, newest first. */
    async list(caller: Caller, q: AlarmListQuery) {
      if (q.partnerId) assertPartnerInScope(caller.scope, q.partnerId);
      const to = q.to ? new Date(q.to) : new Date();
      const from = q.from ? new Date(q.from) : new Date(to.getTime() - ALARM_DEFAULT_RANGE_MS);
      const { rows, count } = await repo.list(
        db,
        {
          scope: caller.scope,
          state: q.state,
          partnerId: q.partnerId,
          categoryId: q.categoryId,
          code: q.code,
          assetNo: q.assetNo,
          from,
          to,
        },
        { limit: q.pageSize, offset: (q.pageNo - 1) * q.pageSize },
      );
      return { data: rows.map(toAlarm), count };
    },

    /** Acknowledges an open alarm with the operator's note; who, when and the note are kept and field-logged. */
    async acknowledge(caller: Caller, id: string, body: AlarmAcknowledgeBody): Promise<Alarm> {
      return db.transaction(async (tx) => {
        const alarm = await repo.get(tx, caller.scope, id, { lock: true });
        if (!alarm) throw notFound();
        if (alarm.ackAt) throw new DomainError('Conflict', 409, ALARM_ALREADY_ACKNOWLEDGED_MESSAGE);
        await repo.acknowledge(tx, alarm, { userId: caller.userId, note: body.note });
        // Logged on the asset, so its field log tells who acknowledged which alarm, when and with what note.
        await writeFieldLogs(tx, {
          entityType: 'asset',
          entityId: alarm.assetId,
          userId: caller.userId,
          changes: [
            {
              field: 'alarmAcknowledged',
              before: null,
              after: { alarmId: alarm.id, code: alarm.code, occurredAt: toIso(alarm.occurredAt), note: body.note },
            },
          ],
        });
        const acknowledged = await repo.get(tx, caller.scope, id);
        if (!acknowledged) throw notFound();
        return toAlarm(acknowledged);
      });
    },

    /** The asset detail's status: display status, the alarm or error behind it and the latest 20 of both. */
    async assetState(caller: Caller, no: string): Promise<AssetAlarmState> {
      const asset = await repo.assetState(db, caller.scope, no);
      if (!asset) throw notFound();
      const history = await repo.history(db, asset.id, ASSET_ALARM_HISTORY);
      return {
        displayStatus: asset.displayStatus as AssetDisplayStatus,
        alarm: shown(asset.alarmCode, asset.alarmAt),
        error: shown(asset.errorCode, asset.errorAt),
        history: history.map(toAlarm),
      };
    },
  };
}

export type AlarmService = ReturnType<typeof createAlarmService>;

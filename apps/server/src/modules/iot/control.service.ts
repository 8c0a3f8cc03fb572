import { randomUUID } from 'node:crypto';
import {
  type AssetConfigs,
  type AssetOngoingUse,
  type BatchInvokeCommandInput,
  type BatchModifyConfigInput,
  type IotChannel,
  type IotCommand,
  type IotConfig,
  type IotConfigItem,
  type IotControlRecord,
  iotCommandRequirement,
  iotSmsCommands,
  PRIVATE_LIST_NOT_FOUND_CODE,
  satisfies,
  type TrustAgent,
} from '@fleetdesk/contracts';
import type { SmsSender } from '../../adapters/messaging.ts';
import type { Db } from '../../db/client.ts';
import { DomainError, forbidden, notFound, validationError } from '../../errors.ts';
import { type ReplyMessage, retryableFailures } from '../../iot/protocol.ts';
import { deleteJobByKey, enqueueJobs, type Job, type JobOutcome } from '../../jobs/queue.ts';
import type { Caller } from '../../lib/caller.ts';
import { faultPoint } from '../../lib/fault.ts';
import { toIso, toIsoOrNull } from '../../lib/rows.ts';
import * as repo from './control.repo.ts';
import { assetIotModels, capabilityOf, iotDeviceModels } from './device-models.ts';

/** Sends a message to a device; false when it could not be handed to the broker (the retry covers it). */
export interface DevicePublisher {
  publish(deviceNo: string, channel: 'cmd' | 'config', payload: Record<string, unknown>): Promise<boolean>;
}

export const DISPATCH_JOB = 'iot.dispatch';
const dispatchKey = (recordId: string) => `${DISPATCH_JOB}:${recordId}`;

export interface IotControlOptions {
  db: Db;
  publisher: DevicePublisher;
  sms: SmsSender;
  /** How long a command or config may take, from the request to the device's reply. */
  ttlMs: number;
  /** First retry after this, doubling each time, within the time-to-live. */
  retryBaseMs: number;
}

type Kind = 'command' | 'config';
type MessageSource = Pick<repo.NewControlRecord, 'id' | 'kind' | 'command' | 'config' | 'deviceNo' | 'expiresAt'>;

/**
 * IoT commands and configs with a guaranteed outcome (issue 5). Each request becomes one record per asset;
 * what can be decided at once (no device, unsupported, same request in flight) is settled in the request; the
 * rest is sent from the request, and a job committed with the record re-sends with back-off until the device
 * answers or the time-to-live ends. Only a device reply makes a record successful.
 */
export function createIotControlService(opts: IotControlOptions) {
  const { db, publisher, sms } = opts;

  /** One sending of a record to its device: the message carries the attempt so a device can tell re-sends. */
  function publish(r: MessageSource, attempt: number) {
    const base = { id: r.id, attempt, expiresAt: (r.expiresAt as Date).getTime() };
    return publisher.publish(
      r.deviceNo as string,
      r.kind === 'command' ? 'cmd' : 'config',
      r.kind === 'command' ? { ...base, command: r.command } : { ...base, config: r.config ?? {} },
    );
  }

  async function createRecords(
    caller: Pick<Caller, 'scope' | 'userId'>,
    assetNos: readonly string[],
    request: { kind: Kind; command: string; channel: IotChannel; config: IotConfig | null },
    about: { customerId?: string; rentingOrderId?: string } = {},
  ): Promise<IotControlRecord[]> {
    const nos = [...new Set(assetNos)];
    const targets = await repo.findTargets(db, caller.scope, nos);
    const found = new Set(targets.map((t) => t.no));
    const missing = nos.filter((no) => !found.has(no));
    if (missing.length > 0) {
      throw new DomainError(PRIVATE_LIST_NOT_FOUND_CODE, 422, 'Some asset numbers do not exist', { notFound: missing });
    }
    const requestedAt = new Date();
    const expiresAt = new Date(requestedAt.getTime() + opts.ttlMs);
    const settled: repo.NewControlRecord[] = [];
    const pending: repo.NewControlRecord[] = [];
    const smsSends: { deviceNo: string; id: string }[] = [];
    const byNo = new Map(targets.map((t) => [t.no, t]));
    for (const no of nos) {
      const target = byNo.get(no) as repo.ControlTarget;
      const base: repo.NewControlRecord = {
        id: randomUUID(),
        kind: request.kind,
        command: request.command,
        config: request.config,
        assetId: target.id,
        assetNo: target.no,
        partnerId: target.partnerId,
        deviceNo: target.deviceNo,
        channel: request.channel,
        initiator: 'ops-web',
        userId: caller.userId,
        customerId: about.customerId ?? null,
        rentingOrderId: about.rentingOrderId ?? null,
        requestedAt,
        expiresAt,
        status: 'pending',
      };
      const fail = (reason: string) =>
        settled.push({ ...base, status: 'failed', replyStatus: 'unsent', failedReason: reason, syncStatus: 'synced' });
      if (target.deviceNo === null) {
        fail('device-unavailable');
        continue;
      }
      const capability = capabilityOf(target.assetType, target.vendor);
      const supported =
        request.kind === 'command'
          ? capability.commands.includes(request.command as IotCommand)
          : Object.keys(request.config ?? {}).every((item) => capability.configItems.includes(item as IotConfigItem));
      // BLE is the phone's channel: the console has no radio near the asset.
      if (!supported || request.channel === 'ble') {
        fail('unsupported');
        continue;
      }
      if (request.channel === 'sms') {
        // An SMS goes out and nothing comes back on that channel: the outcome is honestly unknown.
        settled.push({ ...base, status: 'unknown', syncStatus: 'synced', attempts: 1 });
        smsSends.push({ deviceNo: target.deviceNo, id: base.id as string });
        continue;
      }
      // The request sends the first attempt itself (below); the job is the retry and the safety net.
      pending.push({ ...base, attempts: 1 });
    }
    const ids = [...settled, ...pending].map((r) => r.id as string);
    const firstRetryAt = new Date(Math.min(requestedAt.getTime() + opts.retryBaseMs, expiresAt.getTime()));
    const toSend = await db.transaction(async (tx) => {
      const { insertedPendingIds } = await repo.insertRecords(tx, caller.scope, settled, pending);
      const inFlight = pending.filter((r) => !insertedPendingIds.has(r.id as string));
      if (inFlight.length > 0) {
        await repo.insertRecords(
          tx,
          caller.scope,
          inFlight.map((r) => ({
            ...r,
            status: 'skipped',
            replyStatus: 'unsent',
            failedReason: 'same-request-in-progress',
            syncStatus: 'synced',
            attempts: 0,
          })),
          [],
        );
      }
      // Committed with the records: should this process die before the sends below, the job still sends.
      await enqueueJobs(
        tx,
        [...insertedPendingIds].map((id) => ({
          kind: DISPATCH_JOB,
          key: dispatchKey(id),
          payload: { id },
          runAt: firstRetryAt,
        })),
      );
      return pending.filter((r) => insertedPendingIds.has(r.id as string));
    });
    // Sent from the request, not from the next job round: a burst of thousands is on its way at once instead of
    // queueing behind the dispatcher, and a send the broker refused is simply the job's first retry.
    faultPoint('command.beforePublish');
    await Promise.all(toSend.map((r) => publish(r, 1)));
    faultPoint('command.afterPublish');
    for (const s of smsSends) {
      await sms.send(`device:${s.deviceNo}`, `${request.command} ${s.id}`);
    }
    const created = await repo.recordsByIds(db, caller.scope, ids);
    const order = new Map(nos.map((no, i) => [no, i]));
    return created.sort((a, b) => (order.get(a.assetNo) ?? 0) - (order.get(b.assetNo) ?? 0));
  }

  return {
    /** Sends one command to up to 100 assets (its own permission per command and channel). */
    async invokeCommand(caller: Caller, input: BatchInvokeCommandInput) {
      const channel = input.channel ?? 'default';
      if (channel === 'sms' && !iotSmsCommands.includes(input.command)) {
        throw validationError({ channel: 'This command has no SMS variant' });
      }
      if (!satisfies(caller.permissions, iotCommandRequirement(input.command, channel))) throw forbidden();
      return createRecords(caller, input.assetNos, { kind: 'command', command: input.command, channel, config: null });
    },

    /**
     * The unlock (or lock) of a renting order's asset, sent for the staff member working the order: the order's
     * own permission (order.create, order.end) and scope, checked by the order, cover it; the record names the
     * customer and the order. Also sent from a job, where there is no request.
     */
    async commandForOrder(input: {
      userId: string | null;
      assetNo: string;
      command: IotCommand;
      customerId: string;
      orderId: string;
    }): Promise<IotControlRecord> {
      const [record] = await createRecords(
        { scope: '*', userId: input.userId as string },
        [input.assetNo],
        { kind: 'command', command: input.command, channel: 'default', config: null },
        { customerId: input.customerId, rentingOrderId: input.orderId },
      );
      return record as IotControlRecord;
    },

    /** Records by id, whatever the caller (for the services that sent them, which checked their own scope). */
    recordsByIds: (ids: readonly string[]) => repo.recordsByIds(db, '*', ids),

    /** Sends config items to up to 100 assets. */
    modifyConfig(caller: Caller, input: BatchModifyConfigInput) {
      return createRecords(caller, input.assetNos, {
        kind: 'config',
        command: 'config',
        channel: 'default',
        config: input.config as IotConfig,
      });
    },

    /** Command or config records in the caller's scope. */
    records: (caller: Caller, kind: Kind, q: repo.RecordFilter) => repo.listRecords(db, caller.scope, kind, q),

    /**
     * The records a batch created, read by the staff member who sent it, whether or not they may read control
     * records: the outcome of their own command is theirs to see. Any id that is not a record of theirs in the
     * scope (someone else's, another partner's, none at all) makes the whole answer 404, as a by-id read does.
     */
    async sentRecords(caller: Caller, ids: readonly string[]): Promise<IotControlRecord[]> {
      const unique = [...new Set(ids)];
      const found = await repo.sentRecords(db, caller.scope, caller.userId, unique);
      if (found.length !== unique.length) throw notFound();
      return found;
    },

    /** Which of these assets a customer is using right now (an open order's lease, an unfinished trip). */
    async ongoingUse(caller: Caller, assetNos: readonly string[]): Promise<AssetOngoingUse[]> {
      const found = await repo.ongoingUseOf(db, caller.scope, [...new Set(assetNos)]);
      return found.map((r) => ({
        assetNo: r.assetNo,
        order:
          r.orderId && r.orderNo && r.customerId
            ? {
                id: r.orderId,
                orderNo: r.orderNo,
                customer: { id: r.customerId, name: r.customerName ?? '' },
                startTime: toIsoOrNull(r.startTime),
              }
            : null,
        trip: r.tripId ? { id: r.tripId, startedAt: toIso(r.tripStartedAt as Date | string) } : null,
      }));
    },

    /** One command record. */
    async record(caller: Caller, id: string) {
      const found = await repo.getRecord(db, caller.scope, id);
      if (found?.kind !== 'command') throw notFound();
      return found;
    },

    /** What an asset's device confirmed, and the config changes still on their way. */
    async configsByAssetNo(caller: Caller, assetNo: string): Promise<AssetConfigs> {
      const asset = await repo.findAssetByNo(db, caller.scope, assetNo);
      if (!asset) throw notFound();
      const device = asset.deviceNo ? await repo.findDevice(db, asset.deviceNo) : null;
      return {
        assetNo: asset.no,
        iotDeviceNo: asset.deviceNo,
        vendor: (asset.vendor as AssetConfigs['vendor']) ?? null,
        config: (device?.config as Record<string, unknown>) ?? {},
        pending: await repo.pendingConfigRecords(db, caller.scope, asset.no),
      };
    },

    deviceModels: () => iotDeviceModels,
    assetIotModels: () => assetIotModels,

    /** What an asset model with a device type can do. */
    composeCapability(input: { modelType: string; iotDeviceType: string }) {
      const model = assetIotModels.find((m) => m.modelType === input.modelType);
      if (!model)
        throw new DomainError('UnknownIotModel', 422, 'Unknown asset IoT model', { modelType: input.modelType });
      const capability = capabilityOf(model.assetType, input.iotDeviceType);
      return { modelType: input.modelType, iotDeviceType: model.vendor, ...capability } as const;
    },

    /** A device's identity and presence; a device bound to an asset outside the caller's scope does not exist. */
    async trustAgent(caller: Caller, deviceNo: string): Promise<TrustAgent> {
      const found = await repo.trustAgentOf(db, caller.scope, deviceNo);
      if (!found) throw notFound();
      return {
        iotDeviceNo: deviceNo,
        vendor: ((found.deviceVendor ?? found.assetVendor) as TrustAgent['vendor']) ?? null,
        assetNo: found.assetNo,
        mqttUsername: deviceNo,
        presence: found.presence === 'online' ? 'online' : 'offline',
        presenceChangedAt: toIsoOrNull(found.presenceChangedAt),
        lastSeenAt: toIsoOrNull(found.lastSeenAt),
        firmware: found.firmware,
      };
    },

    /**
     * The retry jobs of one round, set-based: settle what expired, count one more sending of the rest, publish
     * them all, and schedule each job's next look — the next re-send with back-off, or the end of the record's
     * time-to-live. A record that settled meanwhile (the device answered) ends its job.
     */
    async dispatch(jobs: Job[]): Promise<JobOutcome[]> {
      const ids = jobs.map((j) => String(j.payload.id));
      // The retry job acts for the whole account.
      await repo.settleExpired(db, '*', ids);
      const sent = await repo.markSent(db, '*', ids);
      const byId = new Map(sent.map((r) => [r.id, r]));
      const now = Date.now();
      await Promise.all(sent.map((r) => publish(r as MessageSource, r.attempts)));
      // Neither sent nor settled: the database clock had not reached expires_at yet; look again shortly.
      const waiting = await repo.stillPending(
        db,
        '*',
        ids.filter((id) => !byId.has(id)),
      );
      return ids.map((id) => {
        const r = byId.get(id);
        if (r) {
          const retryAt = now + opts.retryBaseMs * 2 ** (r.attempts - 1);
          return { runAt: new Date(Math.min(retryAt, r.expiresAt.getTime())) };
        }
        return waiting.has(id) ? { runAt: new Date(now + 200) } : undefined;
      });
    },

    /**
     * A reply from a device. Success settles the record; a retryable failure leaves it pending for the next
     * send; any other failure settles it failed. Returns false when the reply changed nothing (late, duplicate,
     * someone else's record).
     */
    async applyReply(kind: Kind, deviceNo: string, reply: ReplyMessage): Promise<boolean> {
      const reason = reply.reason ?? 'unknown-error';
      const outcome: repo.ReplyOutcome =
        reply.status === 'success' ? 'successful' : retryableFailures.has(reason) ? 'retry' : 'failed';
      return db.transaction(async (tx) => {
        // A device answers for itself, whichever partner its asset has: the account-wide scope.
        const row = await repo.applyReply(tx, '*', { id: reply.id, deviceNo, kind, outcome, reason });
        if (!row) return false;
        if (outcome !== 'retry') await deleteJobByKey(tx, dispatchKey(row.id));
        if (kind === 'config' && outcome === 'successful' && row.config) {
          await repo.mergeDeviceConfig(tx, deviceNo, row.config as Record<string, unknown>);
        }
        return true;
      });
    },
  };
}

export type IotControlService = ReturnType<typeof createIotControlService>;

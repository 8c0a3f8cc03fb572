import type { MqttClient } from 'mqtt';

/**
 * PUBACKs sent after the message is safe, not when mqtt.js hands it over (docs/architecture.md "A device's report
 * is acknowledged after it is committed"). mqtt.js acknowledges a QoS 1 message once its handlers ran and reads
 * the next packet only after that acknowledgement was written: holding its callback until a batch commits would
 * stop the whole connection, keep-alive included. Instead the gateway takes the message's acknowledgement
 * (`take`), mqtt.js's own PUBACK for it is swallowed (its callback runs at once, so reading goes on), and the
 * PUBACK is written when the gateway calls the returned function.
 *
 * An acknowledgement belongs to the connection that delivered the message: after a reconnect the broker
 * redelivers what was not acknowledged, possibly under the same packet id, and an old PUBACK written on the new
 * connection would acknowledge the redelivered copy before it is safe. Such a stale acknowledgement is dropped
 * (the copy is committed and acknowledged in its own turn: at least once).
 */
export interface DeferredAcks {
  /** The acknowledgement of a just-delivered message (a no-op for QoS 0); call it once, when it is safe. */
  take(packet: { qos: number; messageId?: number | undefined }): () => void;
  /** Messages taken in and not yet acknowledged (committed or found unusable), now and at most. */
  inFlight(): number;
  highWater(): number;
  /** Acknowledgements dropped because their connection had ended. */
  stale(): number;
}

interface Held {
  stream: unknown;
  /** mqtt.js tried to send its PUBACK (and it was swallowed). */
  intercepted: boolean;
  /** The gateway released it before mqtt.js's PUBACK came by: let that one through. */
  released: boolean;
}

type SendPacket = (packet: Record<string, unknown>, cb?: (error?: Error) => void, ...rest: unknown[]) => void;

const noop = () => {};

export function deferAcks(client: MqttClient): DeferredAcks {
  const internals = client as unknown as { _sendPacket: SendPacket; stream: unknown };
  const send: SendPacket = internals._sendPacket.bind(client);
  const held = new Map<number, Held>();
  let inFlight = 0;
  let highWater = 0;
  let stale = 0;

  internals._sendPacket = (packet, cb, ...rest) => {
    const id = packet.messageId as number;
    const entry = packet.cmd === 'puback' ? held.get(id) : undefined;
    if (!entry) return send(packet, cb, ...rest);
    if (entry.released) {
      held.delete(id);
      return send(packet, cb, ...rest);
    }
    entry.intercepted = true;
    cb?.();
  };

  return {
    take(packet) {
      if (packet.qos !== 1 || packet.messageId === undefined) return noop;
      const id = packet.messageId;
      const entry: Held = { stream: internals.stream, intercepted: false, released: false };
      held.set(id, entry);
      inFlight++;
      if (inFlight > highWater) highWater = inFlight;
      let done = false;
      return () => {
        if (done) return;
        done = true;
        inFlight--;
        if (!entry.intercepted) {
          entry.released = true;
          return;
        }
        if (held.get(id) === entry) held.delete(id);
        // Not connected, mqtt.js would store the PUBACK and write it on the next connection: stale as well.
        if (internals.stream !== entry.stream || !client.connected) {
          stale++;
          return;
        }
        send({ cmd: 'puback', messageId: id });
      };
    },
    inFlight: () => inFlight,
    highWater: () => highWater,
    stale: () => stale,
  };
}

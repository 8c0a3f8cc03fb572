import type { Duplex } from 'node:stream';

/** What coalesceWrites needs of an MQTT client: its current connection and a "connected again" event. */
export interface MqttConnection {
  stream: Duplex;
  on(event: 'connect', listener: () => void): unknown;
}

/**
 * Sends the packets a client writes within one turn of the event loop as one socket write.
 *
 * mqtt.js writes every packet on its own: each PUBACK the gateway owes for a telemetry message, each report a
 * vendor bridge relays. At 20,000 messages a second that is 20,000 write system calls, and a CPU profile of
 * bench:ingest showed them as the gateway's largest cost (writev, 13 % of the process, more than parsing and
 * the database together), which let Mosquitto's queue for the gateway overflow. Corking the socket until the
 * turn ends keeps every packet and its order and sends them with one writev; a packet waits at most for the
 * rest of the turn.
 */
export function coalesceWrites(client: MqttConnection): void {
  const patched = new WeakSet<Duplex>();
  const install = () => {
    const stream = client.stream;
    if (!stream || patched.has(stream) || typeof stream.cork !== 'function') return;
    patched.add(stream);
    const write = stream.write;
    let corked = false;
    stream.write = function (this: Duplex, ...args: unknown[]) {
      if (!corked) {
        corked = true;
        stream.cork();
        setImmediate(() => {
          corked = false;
          stream.uncork();
        });
      }
      return (write as (...a: unknown[]) => boolean).apply(this, args);
    } as Duplex['write'];
  };
  install();
  // mqtt.js opens a new stream on every reconnect.
  client.on('connect', install);
}

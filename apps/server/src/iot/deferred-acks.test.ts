import type { MqttClient } from 'mqtt';
import { describe, expect, it } from 'vitest';
import { deferAcks } from './deferred-acks.ts';

/** A stand-in for mqtt.js's client: what `_sendPacket` wrote, on which connection (stream). */
function fakeClient() {
  const written: { cmd: string; messageId?: number; stream: number }[] = [];
  const client = {
    stream: 1,
    connected: true,
    _sendPacket(packet: { cmd: string; messageId?: number }, cb?: () => void) {
      written.push({ ...packet, stream: client.stream });
      cb?.();
    },
  };
  /** What mqtt.js does after the 'message' handlers ran: its PUBACK, and the next packet only once `cb` ran. */
  const mqttJsAcks = (messageId: number) => {
    let next = false;
    client._sendPacket({ cmd: 'puback', messageId }, () => {
      next = true;
    });
    return next;
  };
  return { client, written, mqttJsAcks, asMqtt: client as unknown as MqttClient };
}

describe('deferred PUBACKs', () => {
  it("holds mqtt.js's acknowledgement without stopping it, and writes it when released", () => {
    const { written, mqttJsAcks, asMqtt } = fakeClient();
    const acks = deferAcks(asMqtt);
    const ack = acks.take({ qos: 1, messageId: 7 });
    expect(mqttJsAcks(7)).toBe(true);
    expect(written).toEqual([]);
    expect([acks.inFlight(), acks.highWater()]).toEqual([1, 1]);
    ack();
    ack();
    expect(written).toEqual([{ cmd: 'puback', messageId: 7, stream: 1 }]);
    expect(acks.inFlight()).toBe(0);
  });

  it('lets one through at once when released before mqtt.js sends it (a malformed message)', () => {
    const { written, mqttJsAcks, asMqtt } = fakeClient();
    const acks = deferAcks(asMqtt);
    acks.take({ qos: 1, messageId: 3 })();
    mqttJsAcks(3);
    expect(written).toEqual([{ cmd: 'puback', messageId: 3, stream: 1 }]);
  });

  it("drops an acknowledgement whose connection ended, and leaves the redelivered copy's alone", () => {
    const { client, written, mqttJsAcks, asMqtt } = fakeClient();
    const acks = deferAcks(asMqtt);
    const first = acks.take({ qos: 1, messageId: 5 });
    mqttJsAcks(5);
    client.stream = 2; // reconnected; the broker redelivers under the same packet id
    const copy = acks.take({ qos: 1, messageId: 5 });
    mqttJsAcks(5);
    expect(acks.highWater()).toBe(2);
    first();
    expect(written).toEqual([]);
    expect(acks.stale()).toBe(1);
    copy();
    expect(written).toEqual([{ cmd: 'puback', messageId: 5, stream: 2 }]);
  });

  it('drops an acknowledgement while disconnected (mqtt.js would queue it for the next connection)', () => {
    const { client, written, mqttJsAcks, asMqtt } = fakeClient();
    const acks = deferAcks(asMqtt);
    const ack = acks.take({ qos: 1, messageId: 9 });
    mqttJsAcks(9);
    client.connected = false;
    ack();
    expect([written, acks.stale()]).toEqual([[], 1]);
  });

  it('passes QoS 0 and other packets through', () => {
    const { client, written, asMqtt } = fakeClient();
    const acks = deferAcks(asMqtt);
    acks.take({ qos: 0 })();
    client._sendPacket({ cmd: 'pingreq' });
    client._sendPacket({ cmd: 'puback', messageId: 11 });
    expect(written.map((p) => p.cmd)).toEqual(['pingreq', 'puback']);
    expect(acks.inFlight()).toBe(0);
  });
});

import net from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { limitPacketSize, type PacketRefusal, packetMeter } from './packet-limit.ts';

/** MQTT's remaining length: 7 bits a byte, low first, the high bit saying another byte follows. */
function varint(n: number) {
  const bytes: number[] = [];
  do {
    let byte = n % 128;
    n = Math.floor(n / 128);
    if (n > 0) byte |= 0x80;
    bytes.push(byte);
  } while (n > 0);
  return bytes;
}

/** A QoS 0 PUBLISH on topic `t/x` (2-byte topic length + 3 bytes of topic, then the payload). */
const publish = (payloadBytes: number) => {
  const body = Buffer.concat([Buffer.from([0, 3]), Buffer.from('t/x'), Buffer.alloc(payloadBytes, 0x61)]);
  return Buffer.concat([Buffer.from([0x30, ...varint(body.length)]), body]);
};
const ping = () => Buffer.from([0xc0, 0x00]);

describe('packetMeter', () => {
  it('passes packets up to the limit, header included, whatever the chunks', () => {
    // Type byte, 2 bytes of length, 2 of topic length, 3 of topic: 992 bytes of payload make 1000.
    expect(publish(992).length).toBe(1000);
    const packets = Buffer.concat([ping(), publish(10), publish(200), ping(), publish(992)]);
    // Whole, and one byte at a time (a length field split across reads).
    expect(packetMeter(1000).push(packets)).toBeNull();
    const meter = packetMeter(1000);
    for (const byte of packets) expect(meter.push(Uint8Array.of(byte))).toBeNull();
  });

  it('refuses a packet from its header, before its body arrives', () => {
    const big = publish(1000);
    const meter = packetMeter(1000);
    expect(meter.push(ping())).toBeNull();
    // Type byte and the 2-byte remaining length: enough to know.
    expect(meter.push(big.subarray(0, 3))).toEqual({ reason: 'too-large', size: big.length });
    expect(packetMeter(1000).push(publish(993))).toEqual({ reason: 'too-large', size: 1001 });
  });

  it('reads 4-byte lengths (MQTT allows 256 MB) and refuses a fifth length byte', () => {
    const huge = Buffer.from([0x30, 0xff, 0xff, 0xff, 0x7f]);
    expect(packetMeter(512 * 1024).push(huge)).toEqual({ reason: 'too-large', size: 1 + 4 + 268_435_455 });
    expect(packetMeter(512 * 1024).push(Buffer.from([0x30, 0x80, 0x80, 0x80, 0x80, 0x01]))).toEqual({
      reason: 'malformed',
    });
  });
});

describe('limitPacketSize', () => {
  const servers: net.Server[] = [];
  afterEach(() => {
    for (const s of servers.splice(0)) s.close();
  });

  /** A server that reads through the limit; resolves with what it received and why it refused, if it did. */
  async function limitedServer(maxBytes: number) {
    const received: Buffer[] = [];
    const refusals: PacketRefusal[] = [];
    let closed!: () => void;
    const done = new Promise<void>((resolve) => {
      closed = resolve;
    });
    const server = net.createServer((socket) => {
      const conn = limitPacketSize(socket, maxBytes, (r) => refusals.push(r));
      conn.on('data', (chunk: Buffer) => received.push(chunk));
      conn.on('error', () => undefined);
      conn.on('close', closed);
      conn.write('hello');
    });
    servers.push(server);
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    return { port: (server.address() as net.AddressInfo).port, received, refusals, done };
  }

  it('passes small packets both ways and closes the connection on a large one before reading it', async () => {
    const s = await limitedServer(1024);
    const client = net.connect(s.port, '127.0.0.1');
    const greeting = new Promise<string>((resolve) => client.once('data', (d) => resolve(d.toString())));
    const clientClosed = new Promise<void>((resolve) => client.on('close', () => resolve()));
    client.on('error', () => undefined);
    expect(await greeting).toBe('hello');
    client.write(publish(100));
    await new Promise((r) => setTimeout(r, 50));
    client.write(publish(4096));
    await Promise.all([s.done, clientClosed]);
    expect(Buffer.concat(s.received)).toEqual(publish(100));
    expect(s.refusals).toEqual([{ reason: 'too-large', size: publish(4096).length }]);
  });
});

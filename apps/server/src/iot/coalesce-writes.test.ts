import { EventEmitter } from 'node:events';
import net from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { coalesceWrites } from './coalesce-writes.ts';

/** A real socket pair: what reaches the kernel is counted at the socket's own _write / _writev. */
async function socketPair() {
  const received: Buffer[] = [];
  const server = net.createServer((s) => s.on('data', (d) => received.push(d)));
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const socket = net.connect((server.address() as net.AddressInfo).port, '127.0.0.1');
  await new Promise((r) => socket.once('connect', r));
  const calls = { write: 0, writev: 0, chunks: 0 };
  const s = socket as unknown as {
    _write: (...a: unknown[]) => void;
    _writev: (chunks: unknown[], cb: unknown) => void;
  };
  const single = s._write.bind(socket);
  const many = s._writev.bind(socket);
  s._write = (...a) => {
    calls.write++;
    calls.chunks++;
    single(...a);
  };
  s._writev = (chunks, cb) => {
    calls.writev++;
    calls.chunks += chunks.length;
    many(chunks, cb);
  };
  const close = () => {
    socket.destroy();
    server.close();
  };
  return { socket, server, received, calls, close };
}

const turn = () => new Promise((r) => setImmediate(r));

describe('coalesceWrites', () => {
  let close = () => {};
  afterEach(() => close());

  it('sends the packets of one turn with one system call, in order', async () => {
    const pair = await socketPair();
    close = pair.close;
    coalesceWrites(Object.assign(new EventEmitter(), { stream: pair.socket }));
    for (let i = 0; i < 100; i++) pair.socket.write(Buffer.from(`${i};`));
    await turn();
    expect(pair.calls).toEqual({ write: 0, writev: 1, chunks: 100 });
    await new Promise((r) => setTimeout(r, 50));
    expect(Buffer.concat(pair.received).toString()).toBe(Array.from({ length: 100 }, (_, i) => `${i};`).join(''));
  });

  it('without it every packet is a write of its own (what the helper is for)', async () => {
    const pair = await socketPair();
    close = pair.close;
    for (let i = 0; i < 100; i++) pair.socket.write(Buffer.from(`${i};`));
    await turn();
    expect(pair.calls.write + pair.calls.writev).toBeGreaterThan(1);
  });

  it('each turn is sent at its end, and a reconnect stream is coalesced too', async () => {
    const first = await socketPair();
    const second = await socketPair();
    close = () => {
      first.close();
      second.close();
    };
    const client = Object.assign(new EventEmitter(), { stream: first.socket });
    coalesceWrites(client);
    first.socket.write('a');
    first.socket.write('b');
    await turn();
    first.socket.write('c');
    await turn();
    expect(first.calls).toEqual({ write: 1, writev: 1, chunks: 3 });

    client.stream = second.socket;
    client.emit('connect');
    client.emit('connect');
    second.socket.write('x');
    second.socket.write('y');
    await turn();
    expect(second.calls).toEqual({ write: 0, writev: 1, chunks: 2 });
  });
});

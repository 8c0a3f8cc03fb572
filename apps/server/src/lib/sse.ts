import type { Readable } from 'node:stream';
import type { FastifyReply } from 'fastify';
import { releaseSlot } from './concurrency-limit.ts';

/** One server-sent event. */
export const sseFrame = (event: { type: string; data: unknown }) =>
  `event: ${event.type}\ndata: ${JSON.stringify(event.data)}\n\n`;

/** Answers a route with a stream of server-sent events; the client going away ends the stream (and its timers). */
export function sendEventStream(reply: FastifyReply, stream: Readable): Readable {
  // Open now: it waits for events, not for the database, and would hold a load-shedding slot for minutes.
  releaseSlot(reply.request);
  reply.raw.on('close', () => stream.destroy());
  reply
    .type('text/event-stream; charset=utf-8')
    .header('cache-control', 'no-cache, no-transform')
    // Proxies (nginx) must pass each event on at once instead of buffering the response.
    .header('x-accel-buffering', 'no')
    // A stream is its connection's last response: when it ends (time up, shutdown) the socket goes too,
    // instead of idling in keep-alive where a closing server would wait for it.
    .header('connection', 'close');
  return stream;
}

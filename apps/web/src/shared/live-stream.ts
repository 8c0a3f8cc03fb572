import type { Endpoint } from '@fleetdesk/contracts';
import { type CallInput, callEvents, type ServerEvent } from './http.ts';

/** The first reconnect waits this long, each failed one twice as long, up to LIVE_RETRY_MAX_MS. */
export const LIVE_RETRY_MIN_MS = 1_000;
export const LIVE_RETRY_MAX_MS = 60_000;

/** The wait before reconnect attempt `failures` (0: the stream just ended normally). */
export function retryDelay(failures: number): number {
  return Math.min(LIVE_RETRY_MAX_MS, LIVE_RETRY_MIN_MS * 2 ** Math.max(0, failures));
}

/**
 * Keeps a server-sent-events endpoint open: reconnects whenever the stream ends (the server's time limit, a deploy,
 * the network), at once after a normal end and with a doubling back-off after failures. `onState` tells whether
 * the stream is up, so a screen can fall back to refreshing itself while it is not. Returns the function that
 * closes it for good.
 */
export function keepStreamOpen<E extends Endpoint>(
  endpoint: E,
  input: CallInput<E>,
  handlers: { onEvent: (event: ServerEvent) => void; onState?: (live: boolean) => void },
): () => void {
  const abort = new AbortController();
  let timer: ReturnType<typeof setTimeout> | undefined;
  let failures = 0;

  const connect = async () => {
    let opened = false;
    try {
      await callEvents(
        endpoint,
        input,
        {
          onOpen: () => {
            opened = true;
            failures = 0;
            handlers.onState?.(true);
          },
          onEvent: handlers.onEvent,
        },
        { signal: abort.signal, notify: false },
      );
    } catch {
      // Refused or unreachable: the back-off below decides when to try again.
    }
    if (abort.signal.aborted) return;
    handlers.onState?.(false);
    failures = opened ? 0 : failures + 1;
    timer = setTimeout(connect, opened ? LIVE_RETRY_MIN_MS : retryDelay(failures));
  };
  void connect();
  return () => {
    abort.abort();
    clearTimeout(timer);
  };
}

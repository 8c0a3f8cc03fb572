export interface SseEvent {
  type: string;
  data: unknown;
}

/**
 * Opens a server-sent-event stream over real HTTP and reads its events until `until` says stop or `ms` run out;
 * a refused request answers its status with no events.
 */
export async function readEvents(
  url: string,
  init: RequestInit,
  until: (seen: SseEvent[]) => boolean,
  ms = 12_000,
): Promise<{ status: number; type: string | null; seen: SseEvent[] }> {
  const abort = new AbortController();
  const timer = setTimeout(() => abort.abort(), ms);
  const res = await fetch(url, { ...init, signal: abort.signal });
  const seen: SseEvent[] = [];
  if (!res.ok || !res.body) {
    // Read the refusal to its end: an unread body keeps the connection busy and the server from closing.
    await res.text();
    clearTimeout(timer);
    return { status: res.status, type: res.headers.get('content-type'), seen };
  }
  const reader = res.body.pipeThrough(new TextDecoderStream()).getReader();
  let buffer = '';
  try {
    while (!until(seen)) {
      const { value, done } = await reader.read();
      if (done) break;
      buffer += value;
      let cut = buffer.indexOf('\n\n');
      while (cut >= 0) {
        const block = buffer.slice(0, cut);
        buffer = buffer.slice(cut + 2);
        const type = /^event: (.+)$/m.exec(block)?.[1];
        const payload = /^data: (.+)$/m.exec(block)?.[1];
        if (type && payload) seen.push({ type, data: JSON.parse(payload) });
        cut = buffer.indexOf('\n\n');
      }
    }
  } catch {
    // Aborted at the deadline: the caller checks what arrived.
  } finally {
    clearTimeout(timer);
    abort.abort();
  }
  return { status: res.status, type: res.headers.get('content-type'), seen };
}

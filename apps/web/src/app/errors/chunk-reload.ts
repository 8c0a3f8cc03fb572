/**
 * After a deploy, an open tab may ask for page chunks that no longer exist. The console reloads once to pick
 * up the new build; a 10 s flag (document 1 §9) stops a reload loop when the chunk is really gone.
 */
export const CHUNK_RELOAD_KEY = 'fleetdesk.chunk-reload';
export const CHUNK_RELOAD_TTL_MS = 10_000;

const chunkFailure =
  /Failed to fetch dynamically imported module|error loading dynamically imported module|Importing a module script failed|Unable to preload CSS|ChunkLoadError/i;

export function isChunkLoadError(error: unknown): boolean {
  if (!(error instanceof Error)) return false;
  return chunkFailure.test(`${error.name} ${error.message}`);
}

/** True (and the flag set) when no reload happened in the last 10 s. */
export function claimChunkReload(storage: Pick<Storage, 'getItem' | 'setItem'>, now = Date.now()): boolean {
  const last = Number(storage.getItem(CHUNK_RELOAD_KEY));
  if (Number.isFinite(last) && last > 0 && now - last < CHUNK_RELOAD_TTL_MS) return false;
  storage.setItem(CHUNK_RELOAD_KEY, String(now));
  return true;
}

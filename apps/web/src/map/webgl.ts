let available: boolean | null = null;

/**
 * Whether this browser can give maplibre what it needs (maplibre 6 renders with WebGL 2 only). Checked once
 * and the probe context released, because browsers cap the number of live WebGL contexts per page.
 */
export function webgl2Available(): boolean {
  if (available !== null) return available;
  try {
    const context = document.createElement('canvas').getContext('webgl2');
    available = context !== null;
    context?.getExtension('WEBGL_lose_context')?.loseContext();
  } catch {
    available = false;
  }
  return available;
}

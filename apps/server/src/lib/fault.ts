/**
 * Test-only fault injection (docs/decisions.md "Fault points"): FLEETDESK_FAULT names a point in the code, and the
 * process kills itself with SIGKILL when it gets there — no shutdown hook, no flush, like a crash or an OOM kill at
 * that exact moment. `name:N` kills on the N-th pass. Unset (production), every point is a no-op.
 */
const [point, nth] = (process.env.FLEETDESK_FAULT ?? '').split(':');
let passes = 0;

export function faultPoint(name: string): void {
  if (!point || name !== point) return;
  passes++;
  if (passes < Number(nth ?? 1)) return;
  process.kill(process.pid, 'SIGKILL');
}

import type { Endpoint } from '@fleetdesk/contracts';
import * as contracts from '@fleetdesk/contracts';
import { z } from 'zod';

export const keyOf = (e: Pick<Endpoint, 'method' | 'path'>) => `${e.method} ${e.path}`;

function isEndpoint(value: unknown): value is Endpoint {
  if (!value || typeof value !== 'object') return false;
  const v = value as Record<string, unknown>;
  return typeof v.method === 'string' && typeof v.path === 'string' && 'requires' in v && 'response' in v;
}

/** Every endpoint object reachable from the contracts' exports (`rentingEndpoints.getOrder`, nested groups too). */
export function contractEndpoints(): Endpoint[] {
  const found = new Map<string, Endpoint>();
  const seen = new Set<unknown>();
  const walk = (value: unknown) => {
    if (!value || typeof value !== 'object' || seen.has(value) || Array.isArray(value)) return;
    if (value instanceof z.ZodType) return;
    seen.add(value);
    if (isEndpoint(value)) {
      found.set(keyOf(value), value);
      return;
    }
    for (const child of Object.values(value)) walk(child);
  };
  for (const value of Object.values(contracts)) walk(value);
  return [...found.values()].sort((a, b) => keyOf(a).localeCompare(keyOf(b)));
}

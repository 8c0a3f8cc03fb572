import path from 'node:path';
import $RefParser from '@apidevtools/json-schema-ref-parser';
import Ajv, { type ValidateFunction } from 'ajv/dist/2020.js';
import formats from 'ajv-formats';
import { standardsDir } from './standards.ts';

/**
 * The MDS 2.0 Provider API's response schemas, as published (`../shared/standards/mds-2.0`), dereferenced and
 * compiled with ajv. The one repair is the standards README's known defect: `contains:` written as a bare list in
 * the modes' event models becomes `contains: {enum: [...]}`.
 */
export const MDS_PROVIDER_YAML = path.join(standardsDir, 'mds-2.0/reference/provider.yaml');

type Json = Record<string, unknown>;

/**
 * Pins the mode: every `oneOf` over the four mode models (car-share, delivery-robots, micromobility,
 * passenger-services) becomes the micromobility model alone. The published `oneOf` refuses anything valid in two
 * modes at once (a micromobility `trip_end` or `trip_start` event is also a valid car-share one, a vehicle without
 * attributes fits all four), so no answer of any provider could pass it; a provider serves one mode, and its
 * answers must satisfy that mode's model.
 */
function pinMicromobility(node: unknown, seen = new Set<unknown>()) {
  if (node === null || typeof node !== 'object' || seen.has(node)) return;
  seen.add(node);
  const object = node as Json;
  const members = Array.isArray(object.oneOf) ? (object.oneOf as Json[]) : [];
  const micromobility = members.find((m) => String(m.title ?? '').startsWith('modes/micromobility'));
  if (members.length === 4 && micromobility) {
    delete object.oneOf;
    object.allOf = [...((object.allOf as Json[] | undefined) ?? []), micromobility];
  }
  for (const value of Object.values(object)) pinMicromobility(value, seen);
}

/** Rewrites every `contains: [...]` (invalid JSON Schema) into `contains: {enum: [...]}`, in place. */
function repairContains(node: unknown, seen = new Set<unknown>()) {
  if (node === null || typeof node !== 'object' || seen.has(node)) return;
  seen.add(node);
  const object = node as Json;
  if (Array.isArray(object.contains)) object.contains = { enum: object.contains };
  for (const value of Object.values(object)) repairContains(value, seen);
}

export type MdsPath =
  | '/vehicles'
  | '/vehicles/{device_id}'
  | '/vehicles/status'
  | '/vehicles/status/{device_id}'
  | '/trips'
  | '/telemetry'
  | '/events/historical'
  | '/events/recent';

let compiled: Promise<(path: MdsPath, status?: '200' | '500') => ValidateFunction> | undefined;

/** A validator of one Provider path's answer: its 200, or its error body (500's schema, MDS's error model). */
export function mdsValidators() {
  compiled ??= (async () => {
    const document = (await $RefParser.dereference(MDS_PROVIDER_YAML)) as Json;
    repairContains(document);
    pinMicromobility(document);
    // Both packages are CommonJS whose module object also names itself `default`.
    const ajv = new Ajv.default({ strict: false, allErrors: true, validateSchema: false });
    formats.default(ajv);
    const cache = new Map<string, ValidateFunction>();
    return (p: MdsPath, status: '200' | '500' = '200') => {
      const key = `${p} ${status}`;
      const validate = cache.get(key);
      if (!validate) {
        const paths = document.paths as Record<string, { get: Json }>;
        const responses = paths[p]?.get.responses as Record<string, { content: Record<string, { schema: Json }> }>;
        // An error's schema is the one provider.yaml gives its 500s (models/response/error.yaml).
        const schema = responses[status]?.content['application/json']?.schema;
        if (!schema) throw new Error(`no ${status} schema for ${p}`);
        const compiledSchema = ajv.compile(schema);
        cache.set(key, compiledSchema);
        return compiledSchema;
      }
      return validate;
    };
  })();
  return compiled;
}

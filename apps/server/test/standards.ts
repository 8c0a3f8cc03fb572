import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { Ajv, type ErrorObject, type ValidateFunction } from 'ajv';
import addFormatsModule from 'ajv-formats';

/**
 * The published standards as the tests read them: `../shared/standards` beside the repository (never copied into
 * it). GBFS 3.0 is a set of draft-07 JSON Schemas, one per feed.
 */
export const standardsDir = path.resolve(fileURLToPath(new URL('../../../', import.meta.url)), '../shared/standards');

// ajv-formats is CommonJS with a default export; under NodeNext the callable is on `.default`.
const formats = addFormatsModule as unknown as { default: (ajv: Ajv) => Ajv };
const addFormats = formats.default;

const gbfsAjv = new Ajv({ allErrors: true, strict: false });
addFormats(gbfsAjv);
const gbfsValidators = new Map<string, ValidateFunction>();

/** Validates a GBFS 3.0 document against the standard's schema of that feed; answers the errors (none: valid). */
export function gbfsErrors(feed: string, document: unknown): ErrorObject[] {
  let validate = gbfsValidators.get(feed);
  if (!validate) {
    const schema = JSON.parse(readFileSync(path.join(standardsDir, 'gbfs-3.0', `${feed}.json`), 'utf8'));
    validate = gbfsAjv.compile(schema);
    gbfsValidators.set(feed, validate);
  }
  return validate(document) ? [] : [...(validate.errors ?? [])];
}

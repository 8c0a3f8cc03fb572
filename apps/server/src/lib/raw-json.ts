/**
 * JSON text that is already serialised (the database wrote it), to be placed into an answer as it is: parsing it
 * only to serialise it again cost more than building it (an MDS hour of 50,000 trips with their routes).
 */
export class RawJson {
  constructor(readonly text: string) {}

  /** Inside stringifyWithRaw: a placeholder for its text. Anywhere else: its value, so plain JSON.stringify works. */
  toJSON(): unknown {
    if (!spliced) return JSON.parse(this.text);
    return `\u0000${spliced.push(this.text) - 1}\u0000`;
  }
}

/** The texts of the stringifyWithRaw call in progress (JSON.stringify is synchronous: one call at a time). */
let spliced: string[] | undefined;

// PostgreSQL text never holds a NUL character, so no string of the data can look like a placeholder.
const PLACEHOLDER = /"\\u0000(\d+)\\u0000"/g;

/** JSON.stringify, with each RawJson's text spliced in where it stands. */
export function stringifyWithRaw(value: unknown): string {
  const raws: string[] = [];
  spliced = raws;
  let text: string;
  try {
    text = JSON.stringify(value);
  } finally {
    spliced = undefined;
  }
  return raws.length ? text.replace(PLACEHOLDER, (_match, i: string) => raws[Number(i)] ?? 'null') : text;
}

import type { ApiError } from '../../../shared/http.ts';

/**
 * The fields a refusal names. A ValidationError carries them, and so do the server's other field refusals of an
 * order (AssetsNotFound, AssetNotSubscribable, PlanNotValid, PlanCannotBeFirst), which ApiError.fieldErrors leaves
 * out (it reads ValidationError only).
 */
export function refusalFields(error: ApiError): Record<string, string> | null {
  const fields = (error.data as { fields?: unknown } | null)?.fields;
  if (typeof fields !== 'object' || fields === null) return null;
  const entries = Object.entries(fields).filter((e): e is [string, string] => typeof e[1] === 'string');
  return entries.length ? Object.fromEntries(entries) : null;
}

/** Asset numbers the server refused, by why: unknown (or outside the partner), or not subscribable now. */
export function refusedAssets(error: ApiError): { kind: 'notFound' | 'notSubscribable'; nos: string[] } | null {
  const data = error.data as { notFound?: unknown; assets?: unknown } | null;
  if (error.code === 'AssetsNotFound' && Array.isArray(data?.notFound))
    return { kind: 'notFound', nos: data.notFound.filter((no): no is string => typeof no === 'string') };
  if (error.code === 'AssetNotSubscribable' && Array.isArray(data?.assets))
    return {
      kind: 'notSubscribable',
      nos: data.assets.map((a) => (a as { no?: unknown }).no).filter((no): no is string => typeof no === 'string'),
    };
  return null;
}

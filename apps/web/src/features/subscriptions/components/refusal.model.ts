import type { ApiError } from '../../../shared/http.ts';

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

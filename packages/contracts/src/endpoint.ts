import type { z } from 'zod';
import type { Requirement } from './permissions.ts';

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/**
 * One API call, described once: the server registers it (validation, permission guard, OpenAPI) and the
 * console calls it (typed path, body and response). `requires: 'public'` marks the few calls without a token;
 * `requires: 'agency'` the MDS Provider calls, which take an agency client's token instead of a staff one.
 */
export interface Endpoint<
  P extends z.ZodType | undefined = z.ZodType | undefined,
  Q extends z.ZodType | undefined = z.ZodType | undefined,
  B extends z.ZodType | undefined = z.ZodType | undefined,
  R extends z.ZodType = z.ZodType,
> {
  method: HttpMethod;
  /** Path under /api, Fastify style (`/account/partners/:id`). */
  path: string;
  summary: string;
  tag: string;
  requires: Requirement | 'public' | 'agency';
  params?: P;
  query?: Q;
  body?: B;
  /** Multipart uploads carry no JSON body schema; the route reads the file itself. */
  multipart?: boolean;
  response: R;
  /** The success status when it is not 200. */
  status?: 200 | 201 | 204;
}

export const endpoint = <
  P extends z.ZodType | undefined = undefined,
  Q extends z.ZodType | undefined = undefined,
  B extends z.ZodType | undefined = undefined,
  R extends z.ZodType = z.ZodType,
>(
  e: Endpoint<P, Q, B, R>,
): Endpoint<P, Q, B, R> => e;

type Infer<T> = T extends z.ZodType ? z.infer<T> : undefined;
type Input<T> = T extends z.ZodType ? z.input<T> : undefined;
export type ParamsOf<E> =
  E extends Endpoint<infer P, z.ZodType | undefined, z.ZodType | undefined, z.ZodType> ? Infer<P> : never;
export type QueryOf<E> =
  E extends Endpoint<z.ZodType | undefined, infer Q, z.ZodType | undefined, z.ZodType> ? Infer<Q> : never;
export type QueryInputOf<E> =
  E extends Endpoint<z.ZodType | undefined, infer Q, z.ZodType | undefined, z.ZodType> ? Input<Q> : never;
export type BodyOf<E> =
  E extends Endpoint<z.ZodType | undefined, z.ZodType | undefined, infer B, z.ZodType> ? Infer<B> : never;
export type BodyInputOf<E> =
  E extends Endpoint<z.ZodType | undefined, z.ZodType | undefined, infer B, z.ZodType> ? Input<B> : never;
export type ResponseOf<E> =
  E extends Endpoint<z.ZodType | undefined, z.ZodType | undefined, z.ZodType | undefined, infer R> ? z.infer<R> : never;

/** Fills `:name` segments of an endpoint path. */
export function pathOf(path: string, params: Record<string, string | number> = {}): string {
  return path.replace(/:([A-Za-z]+)/g, (_, name: string) => {
    const value = params[name];
    if (value === undefined) throw new Error(`Missing path parameter ${name} for ${path}`);
    return encodeURIComponent(String(value));
  });
}

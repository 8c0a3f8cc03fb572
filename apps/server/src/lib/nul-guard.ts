import { NUL_CHARACTER_MESSAGE } from '@fleetdesk/contracts';

/**
 * The first place in a parsed request part (params, query or body) where a string or a key holds a NUL character,
 * as a field path (`address.city`, `items.2.name`), or undefined. PostgreSQL cannot store U+0000 in text, so a NUL
 * reaching a query failed there as a 500 (issue 26); refused here, it is a 400 naming the field for every route at
 * once. The walk is iterative: a deeply nested body cannot overflow the stack.
 */
export function nulPath(value: unknown, prefix = ''): string | undefined {
  const stack: [unknown, string][] = [[value, prefix]];
  while (stack.length > 0) {
    const [current, path] = stack.pop() as [unknown, string];
    if (typeof current === 'string') {
      if (current.includes('\u0000')) return path || 'body';
    } else if (Array.isArray(current)) {
      for (let i = current.length - 1; i >= 0; i--) stack.push([current[i], path ? `${path}.${i}` : String(i)]);
    } else if (current !== null && typeof current === 'object' && isPlain(current)) {
      for (const [key, inner] of Object.entries(current)) {
        const at = path ? `${path}.${key}` : key;
        if (key.includes('\u0000')) return at;
        stack.push([inner, at]);
      }
    }
  }
  return undefined;
}

/**
 * A parsed JSON object or query string (whose parser makes objects of its own prototype-less class); not bytes, a
 * date or a stream (an upload), whose contents are not text fields.
 */
function isPlain(value: object): boolean {
  return (
    !ArrayBuffer.isView(value) && !(value instanceof Date) && typeof (value as { pipe?: unknown }).pipe !== 'function'
  );
}

/** The field and message of a request's first NUL character, in the shape of a validation refusal. */
export function nulRefusal(request: { params?: unknown; query?: unknown; body?: unknown }) {
  const path = nulPath(request.params, 'params') ?? nulPath(request.query, 'query') ?? nulPath(request.body, '');
  return path === undefined ? undefined : { [path]: NUL_CHARACTER_MESSAGE };
}

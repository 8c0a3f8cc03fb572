import type { DbOrTx } from '../db/client.ts';

/**
 * A statement prepared once per database handle and reused. For the hot paths that every request runs:
 * PostgreSQL would otherwise re-plan them each time, which costs more than executing them.
 */
export function preparedPerDb<S>(build: (db: DbOrTx) => S): (db: DbOrTx) => S {
  const cache = new WeakMap<object, S>();
  return (db) => {
    let statement = cache.get(db);
    if (statement === undefined) {
      statement = build(db);
      cache.set(db, statement);
    }
    return statement;
  };
}

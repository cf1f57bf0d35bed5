import type { Db } from './client.ts';

/**
 * A prepared statement made once per database handle: the SQL text is not rebuilt per
 * request, and PostgreSQL parses and plans it once per connection (a named statement).
 */
export function preparedPerDb<Q>(prepare: (db: Db) => Q): (db: Db) => Q {
  const made = new WeakMap<Db, Q>();
  return (db) => {
    let query = made.get(db);
    if (!query) {
      query = prepare(db);
      made.set(db, query);
    }
    return query;
  };
}

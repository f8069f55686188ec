import type { Database } from "./index.ts";

/**
 * A statement on a hot path, built once per database and, on PostgreSQL, parsed and
 * planned once per connection (drizzle's `.prepare(name)` is a named statement). Returns
 * the getter that prepares it on first use for each database.
 */
export function preparedPerDatabase<Statement>(
  prepare: (db: Database) => Statement,
): (db: Database) => Statement {
  const statements = new WeakMap<Database, Statement>();
  return (db) => {
    let statement = statements.get(db);
    if (!statement) statements.set(db, (statement = prepare(db)));
    return statement;
  };
}

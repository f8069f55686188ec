import { setBounded } from "#server/bounded-map.ts";
import type { Database } from "./index.ts";

/**
 * The count of writes the database may have seen, or null when it cannot be known. On the
 * embedded database only this process writes to its folder (one instance per folder,
 * decision 033), and its client counts each statement that may write when it is sent and
 * again when it is answered (pglite-client.ts), so a value read while the count stood
 * still stays true until the count moves. On PostgreSQL the count also moves when another
 * instance commits a write to a table whose reads are kept (users, ad_sessions,
 * generations: triggers in drizzle/0005), and is null while that cannot be heard
 * (pg-write-watch.ts, decision 051). A read kept here from another table needs its
 * trigger.
 */
function writeEpoch(db: Database): number | null {
  const client = (db as unknown as { $client?: { writeEpoch?: unknown } }).$client;
  return typeof client?.writeEpoch === "number" ? client.writeEpoch : null;
}

/**
 * Values read from the database, kept until its next write where that can be known (see
 * writeEpoch), read every time otherwise. At most `limit` values per database; every
 * write forgets them all, which costs a read each, and keeps the rule simple enough to
 * trust (decisions 046 and 051).
 */
export function keptUntilWrite<Value>(limit = 10_000) {
  const kept = new WeakMap<Database, { epoch: number; values: Map<string, Value> }>();
  return async function read(
    db: Database,
    key: string,
    load: () => Promise<Value>,
  ): Promise<Value> {
    const epoch = writeEpoch(db);
    if (epoch === null) return load();
    let state = kept.get(db);
    if (!state) kept.set(db, (state = { epoch, values: new Map() }));
    if (state.epoch !== epoch) {
      state.epoch = epoch;
      state.values.clear();
    }
    const hit = state.values.get(key);
    if (hit !== undefined) return hit;
    const value = await load();
    // A write sent or answered while this read ran may or may not be in what it read.
    if (writeEpoch(db) === epoch && state.epoch === epoch)
      setBounded(state.values, key, value, limit);
    return value;
  };
}

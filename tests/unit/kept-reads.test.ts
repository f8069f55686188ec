import { describe, expect, it } from "vitest";
import type { Database } from "#server/db/index.ts";
import { keptUntilWrite } from "#server/db/kept-reads.ts";
import { mayWrite } from "#server/db/pglite-client.ts";

/** What keptUntilWrite looks at: the embedded client's write count (none on PostgreSQL). */
const embedded = () => ({ $client: { writeEpoch: 0 } });
const asDb = (db: object) => db as unknown as Database;

describe("values kept until the next write", () => {
  it("are read once while nothing is written, and again after a write", async () => {
    const db = embedded();
    const read = keptUntilWrite<number>();
    let loads = 0;
    const load = async () => ++loads;
    expect(await read(asDb(db), "a", load)).toBe(1);
    expect(await read(asDb(db), "a", load)).toBe(1);
    db.$client.writeEpoch++;
    expect(await read(asDb(db), "a", load)).toBe(2);
  });

  it("are not kept when a write was sent or answered while they were read", async () => {
    const db = embedded();
    const read = keptUntilWrite<number>();
    let loads = 0;
    await read(asDb(db), "a", async () => {
      db.$client.writeEpoch++;
      return ++loads;
    });
    expect(await read(asDb(db), "a", async () => ++loads)).toBe(2);
  });

  it("are read every time where other processes write (PostgreSQL)", async () => {
    const read = keptUntilWrite<number>();
    let loads = 0;
    const pool = asDb({ $client: {} });
    await read(pool, "a", async () => ++loads);
    expect(await read(pool, "a", async () => ++loads)).toBe(2);
  });

  it("keep at most the limit, the oldest going first", async () => {
    const db = embedded();
    const read = keptUntilWrite<string>(2);
    const loaded: string[] = [];
    const load = (key: string) => async () => (loaded.push(key), key);
    for (const key of ["a", "b", "c", "a"]) await read(asDb(db), key, load(key));
    expect(loaded).toEqual(["a", "b", "c", "a"]);
  });
});

describe("statements that may change data", () => {
  it("are all but a plain SELECT and a transaction's start", () => {
    const query = (sql: string) => ({
      op: "query" as const,
      sql,
      params: [],
      rowMode: "object" as const,
      rawTypes: [],
    });
    expect(mayWrite(query('select "credits" from "users"'))).toBe(false);
    expect(mayWrite(query("  SELECT 1"))).toBe(false);
    expect(mayWrite(query('insert into "users" values ($1)'))).toBe(true);
    expect(mayWrite(query("with moved as (update users set credits = 0) select 1"))).toBe(true);
    expect(mayWrite(query("selector"))).toBe(true);
    expect(mayWrite({ op: "exec", sql: "select 1" })).toBe(true);
    expect(mayWrite({ op: "begin" })).toBe(false);
    expect(mayWrite({ op: "end", txId: 1, commit: false })).toBe(true);
  });
});

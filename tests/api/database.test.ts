import { cp, mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { sql } from "drizzle-orm";
import { drizzle } from "drizzle-orm/node-postgres";
import { migrate } from "drizzle-orm/node-postgres/migrator";
import pg from "pg";
import { describe, expect, it } from "vitest";
import { parseConfig } from "#server/config.ts";
import { openDatabase, rowsOf, schema, type Database } from "#server/db/index.ts";
import { matchesSearch } from "#server/generation/history.ts";
import { createStorage, startServer, usingPostgres } from "../support/server.ts";
import { useDatabase } from "../support/use-database.ts";

const handle = useDatabase();

/** Postgres reports a constraint's name in the error (or its cause, through drizzle). */
async function violation(run: () => Promise<unknown>): Promise<string> {
  try {
    await run();
  } catch (error) {
    const text = `${String(error)} ${String((error as { cause?: unknown }).cause ?? "")}`;
    return text;
  }
  throw new Error("expected the database to refuse the write");
}

async function newUser(email: string, credits = 0) {
  const [user] = await handle.db
    .insert(schema.users)
    .values({ email, passwordHash: "x", credits })
    .returning();
  return user!;
}

describe(`schema on ${usingPostgres ? "PostgreSQL" : "PGlite"}`, () => {
  it("opens the right engine", () => {
    expect(handle.kind).toBe(usingPostgres ? "postgres" : "pglite");
  });

  it("refuses a negative balance", async () => {
    const user = await newUser("negative@example.com", 100);
    const error = await violation(() =>
      handle.db.execute(sql`update users set credits = credits - 200 where id = ${user.id}`),
    );
    expect(error).toContain("users_credits_non_negative");
  });

  it("refuses two ledger rows with one idempotency key", async () => {
    const user = await newUser("ledger@example.com");
    const row = {
      userId: user.id,
      delta: 1000,
      reason: "weekly_grant" as const,
      idempotencyKey: `week:${user.id}:2026-11-16`,
    };
    await handle.db.insert(schema.creditLedger).values(row);
    const error = await violation(() => handle.db.insert(schema.creditLedger).values(row));
    expect(error).toContain("credit_ledger_idempotency_key_unique");
  });

  it("requires exactly one owner for a ledger row", async () => {
    const error = await violation(() =>
      handle.db
        .insert(schema.creditLedger)
        .values({ delta: 1, reason: "refund", idempotencyKey: "orphan" }),
    );
    expect(error).toContain("credit_ledger_one_owner");
  });

  it("keeps e-mail addresses unique", async () => {
    await newUser("twice@example.com");
    const error = await violation(() => newUser("twice@example.com"));
    expect(error).toContain("users_email_unique");
  });

  it("keeps testimonial ratings between 1 and 5", async () => {
    const error = await violation(() =>
      handle.db.insert(schema.testimonials).values({
        name: "Ada",
        content: "Great tool indeed",
        rating: 6,
        submitterAddressHash: "h",
      }),
    );
    expect(error).toContain("testimonials_rating_range");
  });

  it("answers the history search from its trigram index", async () => {
    const plan = await handle.db.transaction(async (tx) => {
      await tx.execute(sql`set local enable_seqscan = off`);
      return tx.execute(sql`explain select id from generations where ${matchesSearch("heating")}`);
    });
    const text = rowsOf<Record<string, unknown>>(plan)
      .map((row) => Object.values(row).join(" "))
      .join("\n");
    expect(text).toContain("generations_search_idx");
  });
});

describe(`statements on ${usingPostgres ? "PostgreSQL" : "PGlite"} (each text prepared once)`, () => {
  it("answers more distinct texts than PGlite's thread keeps prepared, each with its own answer", async () => {
    // 520 texts at once: past the thread's 500 named statements, new ones take the
    // unnamed statement, which must not mix with another query's.
    const answers = await Promise.all(
      Array.from({ length: 520 }, (_, n) =>
        handle.db.execute(sql`select ${sql.raw(String(n))} + ${n}::int as value`),
      ),
    );
    answers.forEach((answer, n) => {
      expect(rowsOf<{ value: number }>(answer)[0]!.value).toBe(2 * n);
    });
  });

  it("answers a row larger than PGlite's send buffer whole (a message split between chunks)", async () => {
    const rows = rowsOf<{ text: string; after: number }>(
      await handle.db.execute(sql`select repeat(${"ab"}, ${200_000}) as text, ${7}::int as after`),
    );
    expect(rows[0]!.text).toBe("ab".repeat(200_000));
    expect(rows[0]!.after).toBe(7);
  });

  it("serializes parameters by the statement's types, again on its second run", async () => {
    const user = await newUser("typed@example.com", 300);
    for (let run = 0; run < 2; run++) {
      const [row] = await handle.db
        .select({ id: schema.users.id, verified: schema.users.emailVerified })
        .from(schema.users)
        .where(sql`${schema.users.id} = ${user.id} and ${schema.users.emailVerified} = ${false}`);
      expect(row).toEqual({ id: user.id, verified: false });
    }
  });

  it("keeps working after a prepared statement fails, in and out of a transaction", async () => {
    const user = await newUser("fails@example.com", 100);
    const debit = (amount: number, db: Pick<Database, "execute"> = handle.db) =>
      db.execute(
        sql`update users set credits = credits - ${amount} where id = ${user.id} returning credits`,
      );
    await expect(debit(200)).rejects.toThrow();
    await expect(
      handle.db.transaction(async (tx) => {
        await debit(200, tx);
      }),
    ).rejects.toThrow();
    const rows = rowsOf<{ credits: number }>(await debit(30));
    expect(rows[0]!.credits).toBe(70);
  });
});

describe("migrations at start", () => {
  it("apply once and again on restart, keeping the data", async () => {
    const own = await createStorage();
    try {
      const first = await startServer(own);
      expect((await fetch(`${first.url}/readyz`)).status).toBe(200);
      expect(await first.stop()).toBe(0);

      const reopened = await openDatabase(parseConfig(own.env));
      await reopened.db
        .insert(schema.users)
        .values({ email: "kept@example.com", passwordHash: "x" });
      await reopened.close();

      const second = await startServer(own);
      expect((await fetch(`${second.url}/readyz`)).status).toBe(200);
      expect(await second.stop()).toBe(0);

      const check = await openDatabase(parseConfig(own.env));
      const users = await check.db.select().from(schema.users);
      await check.close();
      expect(users.map((u) => u.email)).toEqual(["kept@example.com"]);
    } finally {
      await own.cleanup();
    }
    // Two starts and two opens of the folder: about 20 s alone on a slow machine.
  });

  it.runIf(usingPostgres)(
    "0010 makes each ad's totals from the events so far and keeps only live sessions' events",
    async () => {
      // The migrations up to 0009 on a scratch database, events as 0009 kept them, then all.
      const own = await createStorage();
      const before = await mkdtemp(join(tmpdir(), "migrations-"));
      const pool = new pg.Pool({ connectionString: own.databaseUrl });
      try {
        await cp("drizzle", before, { recursive: true });
        const journal = JSON.parse(await readFile(join(before, "meta/_journal.json"), "utf8"));
        journal.entries = journal.entries.filter((entry: { idx: number }) => entry.idx < 10);
        await writeFile(join(before, "meta/_journal.json"), JSON.stringify(journal));
        const db = drizzle({ client: pool });
        await migrate(db, { migrationsFolder: before });
        const [user] = (
          await pool.query(
            "insert into users (email, password_hash) values ('ads@example.com', 'x') returning id",
          )
        ).rows;
        const [live] = (
          await pool.query(
            "insert into ad_sessions (user_id, ready_at) values ($1, now()) returning id",
            [user.id],
          )
        ).rows;
        const [gone, goneToo] = [
          "00000000-0000-4000-8000-00000000000a",
          "00000000-0000-4000-8000-00000000000b",
        ];
        const events: [string, string, string, string, string][] = [
          [gone, "refine", "Old headline", "impression", "2026-11-01T10:00:00Z"],
          [gone, "refine", "Old headline", "click", "2026-11-01T10:00:00Z"],
          [live.id, "refine", "New headline", "impression", "2026-11-20T10:00:00Z"],
          [live.id, "refine", "New headline", "completion", "2026-11-20T10:00:00Z"],
          [goneToo, "vast:7", "Loopback Coffee", "impression", "2026-11-02T10:00:00Z"],
        ];
        for (const event of events) {
          await pool.query(
            "insert into ad_events (ad_session_id, ad_id, ad_label, event, created_at) values ($1, $2, $3, $4, $5)",
            event,
          );
        }

        await migrate(db, { migrationsFolder: "drizzle" });
        const totals = await pool.query(
          "select ad_id, ad_label, impressions, completions, clicks from ad_totals order by ad_id",
        );
        expect(totals.rows).toEqual([
          { ad_id: "refine", ad_label: "New headline", impressions: 2, completions: 1, clicks: 1 },
          {
            ad_id: "vast:7",
            ad_label: "Loopback Coffee",
            impressions: 1,
            completions: 0,
            clicks: 0,
          },
        ]);
        const kept = await pool.query("select ad_session_id from ad_events");
        expect(kept.rows.map((row) => row.ad_session_id)).toEqual([live.id, live.id]);
      } finally {
        await pool.end();
        await rm(before, { recursive: true, force: true });
        await own.cleanup();
      }
    },
  );

  it.runIf(usingPostgres)("let two instances start together on one database", async () => {
    const shared = await createStorage();
    try {
      const [a, b] = await Promise.all([startServer(shared), startServer(shared)]);
      expect((await fetch(`${a.url}/readyz`)).status).toBe(200);
      expect((await fetch(`${b.url}/readyz`)).status).toBe(200);
      await Promise.all([a.stop(), b.stop()]);
    } finally {
      await shared.cleanup();
    }
  });
});

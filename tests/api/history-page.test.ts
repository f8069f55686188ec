import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { parseConfig } from "#server/config.ts";
import { openDatabase, type DatabaseHandle } from "#server/db/index.ts";
import { rowsOf } from "#server/db/rows.ts";
import { listHistory } from "#server/generation/generations.ts";
import { historyPageMostRows } from "../support/plans.ts";
import { createStorage, type Storage } from "../support/server.ts";

/**
 * A history page reads its owner's texts, not the site's: what it costs must not grow with
 * everyone else's texts. 1,000 texts is where the planner, left to `exists`, hashed every
 * text's root for each page.
 */
const ACCOUNTS = 50;
const TEXTS_EACH = 20;
const REFINEMENTS = 2;

let storage: Storage;
let handle: DatabaseHandle;
let owner: string;
let refinedId: string;

beforeAll(async () => {
  storage = await createStorage();
  handle = await openDatabase(parseConfig(storage.env));
  await handle.db.execute(sql`
    insert into users (email, password_hash)
    select 'writer' || i || '@example.com', 'not a hash' from generate_series(1, ${ACCOUNTS}) i`);
  await handle.db.execute(sql`
    insert into generations (user_id, status, subject, prompt, tone, language, content_type,
      generated_content, cost, created_at)
    select u.id, 'done', 'Subject ' || n, 'A note about the move', 'standard', 'english',
      'email', repeat('word ', 100), 100, now() - n * interval '1 minute'
    from users u, generate_series(1, ${TEXTS_EACH}) n`);
  const [first] = await rows<{ id: string; user_id: string }>(sql`
    select g.id, g.user_id from generations g join users u on u.id = g.user_id
    where u.email = 'writer1@example.com' and g.subject = 'Subject 3'`);
  owner = first!.user_id;
  refinedId = first!.id;
  // Two refinements of the owner's third newest text, in one line.
  await handle.db.execute(sql`
    insert into generations (user_id, status, subject, prompt, tone, language, content_type,
      generated_content, cost, parent_id, root_id, refinement, variant, created_at)
    select ${owner}, 'done', 'Subject 3', 'A note about the move', 'standard', 'english',
      'email', 'Shorter: ' || n, 100, ${refinedId}, ${refinedId}, 'shorter', n,
      now() + n * interval '1 second'
    from generate_series(1, ${REFINEMENTS}) n`);
  // Every other account refined its newest text once.
  await handle.db.execute(sql`
    insert into generations (user_id, status, subject, prompt, tone, language, content_type,
      generated_content, cost, parent_id, root_id, refinement, variant)
    select g.user_id, 'done', g.subject, g.prompt, 'standard', 'english', 'email', 'Longer',
      100, g.id, g.id, 'longer', 1
    from generations g
    where g.subject = 'Subject 1' and g.user_id <> ${owner}`);
  await handle.db.execute(sql`analyze`);
});

afterAll(async () => {
  await handle?.close();
  await storage?.cleanup();
});

async function rows<Row>(query: ReturnType<typeof sql>): Promise<Row[]> {
  return rowsOf<Row>(await handle.db.execute(query));
}

describe("a history page", () => {
  it("reads no more rows in any step than its owner has texts, whatever other accounts wrote", async () => {
    expect(await historyPageMostRows(handle.db, owner)).toBeLessThanOrEqual(
      TEXTS_EACH + REFINEMENTS,
    );
  });

  it("lists each text with its own refinements and no one else's", async () => {
    const page = await listHistory(handle.db, owner, { q: "", page: 1, pageSize: 20 });
    expect(page.total).toBe(TEXTS_EACH);
    expect(page.generations.map((item) => item.subject)).toEqual(
      Array.from({ length: TEXTS_EACH }, (_, i) => `Subject ${i + 1}`),
    );
    const withRefinements = page.generations.filter((item) => item.refinements.length > 0);
    expect(withRefinements.map((item) => item.id)).toEqual([refinedId]);
    expect(withRefinements[0]!.refinements.map((item) => item.generatedContent)).toEqual([
      "Shorter: 1",
      "Shorter: 2",
    ]);
  });
});

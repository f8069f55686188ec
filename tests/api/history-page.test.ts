import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { parseConfig } from "#server/config.ts";
import { openDatabase, rowsOf, type DatabaseHandle } from "#server/db/index.ts";
import { listHistory } from "#server/generation/history.ts";
import { historyPageMostRows } from "../support/plans.ts";
import { createStorage, type Storage } from "../support/server.ts";
import { writeAccountsTexts } from "../support/texts.ts";

/**
 * A history page reads its owner's texts, not the site's: what it costs must not grow with
 * everyone else's texts. At 1,000 texts of 50 accounts, the planner left to `exists` hashed
 * every text's root for each page.
 */
const ACCOUNTS = 50;
const TEXTS_EACH = 20;

let storage: Storage;
let handle: DatabaseHandle;
let owner: string;
/** The owner's texts by subject. */
const ids = new Map<string, string>();

beforeAll(async () => {
  storage = await createStorage();
  handle = await openDatabase(parseConfig(storage.env));
  // Each account's newest text ("Subject 1") refined once, the owner's too.
  await writeAccountsTexts(handle.db, {
    prefix: "writer",
    accounts: ACCOUNTS,
    textsEach: TEXTS_EACH,
    refineNewest: true,
  });
  for (const row of rowsOf<{ id: string; user_id: string; subject: string }>(
    await handle.db.execute(sql`
      select g.id, g.user_id, g.subject from generations g join users u on u.id = g.user_id
      where u.email = 'writer1@example.com' and g.root_id is null`),
  )) {
    owner = row.user_id;
    ids.set(row.subject, row.id);
  }
  // Two refinements of the third newest, in one line; one of the fifth still being written.
  const third = ids.get("Subject 3")!;
  await handle.db.execute(sql`
    insert into generations (user_id, status, subject, prompt, tone, language, content_type,
      generated_content, cost, parent_id, root_id, refinement, variant, created_at)
    select ${owner}, 'done', 'Subject 3', 'A note about the move', 'standard', 'english',
      'email', 'Shorter: ' || n, 100, ${third}, ${third}, 'shorter', n,
      now() + n * interval '1 second'
    from generate_series(1, 2) n`);
  await handle.db.execute(sql`
    insert into generations (user_id, status, subject, prompt, tone, language, content_type,
      cost, parent_id, root_id, refinement)
    values (${owner}, 'pending', 'Subject 5', 'A note about the move', 'standard', 'english',
      'email', 100, ${ids.get("Subject 5")!}, ${ids.get("Subject 5")!}, 'shorter')`);
  await handle.db.execute(sql`analyze`);
});

afterAll(async () => {
  await handle?.close();
  await storage?.cleanup();
});

describe("a history page", () => {
  it("reads no more rows in any step than its owner has texts, whatever other accounts wrote", async () => {
    // 20 texts, 3 finished refinements and 1 being written.
    expect(await historyPageMostRows(handle.db, owner)).toBeLessThanOrEqual(TEXTS_EACH + 4);
  });

  it("lists each text with its finished refinements, oldest first", async () => {
    const page = await listHistory(handle.db, owner, { q: "", page: 1, pageSize: 20 });
    expect(page.total).toBe(TEXTS_EACH);
    expect(page.generations.map((item) => item.subject)).toEqual(
      Array.from({ length: TEXTS_EACH }, (_, i) => `Subject ${i + 1}`),
    );
    const refined = Object.fromEntries(
      page.generations
        .filter((item) => item.refinements.length > 0)
        .map((item) => [item.subject, item.refinements.map((child) => child.generatedContent)]),
    );
    expect(refined).toEqual({
      "Subject 1": ["Longer"],
      "Subject 3": ["Shorter: 1", "Shorter: 2"],
    });
  });
});

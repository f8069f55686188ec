import { sql } from "drizzle-orm";
import type { Database } from "#server/db/index.ts";

/**
 * Accounts with finished texts, written straight into the database: `accounts` addresses
 * `${prefix}1@example.com`…, each with `textsEach` texts one minute apart, subjects
 * `Subject 1` (the newest) and on; `refineNewest` adds one refinement of each newest text.
 * Not analysed: the caller decides when the planner learns of them.
 */
export async function writeAccountsTexts(
  db: Database,
  options: { prefix: string; accounts: number; textsEach: number; refineNewest?: boolean },
): Promise<void> {
  const { prefix, accounts, textsEach } = options;
  await db.execute(sql`
    insert into users (email, password_hash)
    select ${prefix} || i || '@example.com', 'not a hash' from generate_series(1, ${accounts}) i`);
  await db.execute(sql`
    insert into generations (user_id, status, subject, prompt, tone, language, content_type,
      generated_content, cost, created_at)
    select u.id, 'done', 'Subject ' || n, 'A note about the move', 'standard', 'english',
      'email', repeat('A line of the text. ', 20), 100, now() - n * interval '1 minute'
    from users u, generate_series(1, ${textsEach}) n
    where u.email like ${`${prefix}%@example.com`}`);
  if (options.refineNewest) {
    await db.execute(sql`
      insert into generations (user_id, status, subject, prompt, tone, language, content_type,
        generated_content, cost, parent_id, root_id, refinement)
      select g.user_id, 'done', g.subject, g.prompt, g.tone, g.language, g.content_type,
        'Longer', 100, g.id, g.id, 'longer'
      from generations g join users u on u.id = g.user_id
      where g.subject = 'Subject 1' and u.email like ${`${prefix}%@example.com`}`);
  }
}

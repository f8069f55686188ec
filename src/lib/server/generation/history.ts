import {
  and,
  asc,
  desc,
  eq,
  inArray,
  isNull,
  or,
  sql,
  type Placeholder,
  type SQL,
} from "drizzle-orm";
import type { HistoryItem, HistoryPage, HistoryQuery } from "#shared/schemas/generation.ts";
import type { Database } from "#server/db/index.ts";
import { generations, voices } from "#server/db/schema.ts";
import { preparedPerDatabase } from "#server/db/prepared.ts";
import { folderFilter, folderOfText } from "#server/folders/folders.ts";

/**
 * Reading texts back, and deleting one: the history's pages (GET /api/email/my) and a
 * guest's trial texts (GET /api/email/trial). A list carries every version's metadata and a preview, and the
 * full text of as many versions as fit in TEXT_BYTES_PER_ANSWER: one visitor's hundred long
 * edits cannot make each read megabytes (issue 24). A version left out is read on its own
 * when it is shown (GET /api/email/text/{id}).
 */

/** Full text one list answer carries at most; the versions past it carry only a preview. */
export const TEXT_BYTES_PER_ANSWER = 256 * 1024;

/** A card's first words; a slice, so the database does not read a long text whole. */
const PREVIEW_CHARS = 240;

export const historyColumns = {
  id: generations.id,
  subject: generations.subject,
  content: generations.content,
  contentType: generations.contentType,
  language: generations.language,
  tone: generations.tone,
  length: generations.length,
  createdAt: generations.createdAt,
  modelUsed: generations.modelUsed,
  parentId: generations.parentId,
  rootId: generations.rootId,
  refinement: generations.refinement,
  instruction: generations.instruction,
  passageStart: generations.passageStart,
  passageEnd: generations.passageEnd,
  variant: generations.variant,
  useCase: generations.useCase,
  fields: generations.fields,
  stoppedWords: generations.stoppedWords,
  // The voice it was written in, while it exists: a deleted one reads as none (decision 087).
  voiceId: sql<
    string | null
  >`(select ${voices.id} from ${voices} where ${voices.id} = ${generations.voiceId})`,
  preview: sql<string>`substr(coalesce(${generations.generatedContent}, ''), 1, ${sql.raw(String(PREVIEW_CHARS))})`,
  // octet_length reads a stored text's size from its header, not the text itself.
  textBytes: sql<number>`coalesce(octet_length(${generations.generatedContent}), 0)::int`,
};

type HistoryRow = Pick<
  typeof generations.$inferSelect,
  Exclude<keyof typeof historyColumns, "preview" | "textBytes">
> & { preview: string; textBytes: number };

function historyItem(row: HistoryRow, refinements: HistoryItem[] = []): HistoryItem {
  return {
    id: row.id,
    subject: row.subject,
    content: row.content,
    contentType: row.contentType || "email",
    language: row.language,
    tone: row.tone,
    length: row.length,
    createdAt: row.createdAt.toISOString(),
    generatedContent: null,
    preview: row.preview,
    modelUsed: row.modelUsed,
    parentId: row.parentId,
    refinement: row.refinement as HistoryItem["refinement"],
    instruction: row.instruction,
    passage:
      row.passageStart !== null && row.passageEnd !== null
        ? { start: row.passageStart, end: row.passageEnd }
        : null,
    variant: row.variant,
    useCase: row.useCase,
    // A template's placeholders' values (issue 28) are kept without a use case.
    fields: row.useCase ? (row.fields ?? {}) : (row.fields ?? null),
    stoppedWords: row.stoppedWords,
    voiceId: row.voiceId,
    refinements,
  };
}

/**
 * Top-level texts with their refinements under them, oldest first, and the full text of
 * the versions that fit in one answer, in the order they are listed.
 */
export async function historyTree(
  db: Database,
  roots: (HistoryRow & { folderId?: string | null })[],
  children: HistoryRow[],
): Promise<HistoryItem[]> {
  let left = TEXT_BYTES_PER_ANSWER;
  const carried: string[] = [];
  const items = roots.map((root) => {
    // A version's fields are its text's, copied (a tool's hold the person's whole text):
    // listed once, on the text, unless a version's differ.
    const rootFields = JSON.stringify(root.fields);
    const versions = children
      .filter((child) => child.rootId === root.id)
      .map((child) => {
        const item = historyItem(child);
        return JSON.stringify(child.fields) === rootFields ? { ...item, fields: null } : item;
      });
    const item = historyItem(root, versions);
    return root.folderId === undefined ? item : { ...item, folderId: root.folderId };
  });
  for (const row of roots.flatMap((root) => [
    root,
    ...children.filter((c) => c.rootId === root.id),
  ])) {
    if (row.textBytes > left) continue;
    carried.push(row.id);
    left -= row.textBytes;
  }
  if (carried.length === 0) return items;
  const rows = await db
    .select({ id: generations.id, text: generations.generatedContent })
    .from(generations)
    .where(inArray(generations.id, carried));
  const texts = new Map(rows.map((row) => [row.id, row.text ?? ""]));
  const withText = (item: HistoryItem): HistoryItem => ({
    ...item,
    generatedContent: texts.get(item.id) ?? null,
    refinements: item.refinements.map(withText),
  });
  return items.map(withText);
}

/**
 * A text whose subject or text contains `term`, case-insensitively; the expression is the
 * one the trigram index `generations_search_idx` is built on, so the index answers it.
 */
export function matchesSearch(term: string): SQL {
  const pattern = `%${term.replace(/[\\%_]/g, (char) => `\\${char}`)}%`;
  return sql`(${generations.subject} || ' ' || coalesce(${generations.generatedContent}, '')) ilike ${pattern}`;
}

/**
 * A page of top-level texts, with the total and whether each has refinements. The total is
 * counted apart: a window over the whole list kept every text of the account, text and
 * all, before the page was cut.
 * Whether a text has refinements is a scalar subquery with `limit 1`, not `exists`: while
 * the table holds up to a few thousand texts, the planner may run `exists` as one hash of
 * every account's roots, built for each page (and it drops a `limit` inside `exists`).
 */
export function historyPageQuery(db: Database, listed: SQL | undefined) {
  return db
    .select({
      ...historyColumns,
      folderId: folderOfText,
      total: sql<number>`(select count(*) from ${generations} where ${listed ?? sql`true`})::int`,
      refined: sql<boolean>`(select true from generations as refined where refined.root_id = generations.id limit 1) is not null`,
    })
    .from(generations)
    .where(listed)
    .orderBy(desc(generations.createdAt), desc(generations.id));
}

/**
 * A finished text, the status written into the statement: PostgreSQL may run the history's
 * prepared statement with one plan for any parameters from its sixth read, and with the
 * status a parameter that plan read every account's finished texts for each page.
 */
export const finished = sql`${generations.status} = 'done'`;

/** What the history lists before a search or a filter: the account's finished top-level texts. */
export function topLevelTexts(userId: string | Placeholder) {
  return and(eq(generations.userId, userId), finished, isNull(generations.rootId));
}

/**
 * The history's first look (no search, no filter), for any account and page, built once
 * per database and on PostgreSQL planned once per connection: the populated-database
 * history page of DESIGN §11 reads slower without it (docs/benchmarks.md).
 */
const unfilteredHistoryPage = preparedPerDatabase((db) =>
  historyPageQuery(db, topLevelTexts(sql.placeholder("userId")))
    .limit(sql.placeholder("limit"))
    .offset(sql.placeholder("offset"))
    .prepare("history_page"),
);

/**
 * A signed-in user's finished texts, newest first, a page of top-level texts at a time,
 * each with its refinements (GET /api/email/my). A text is listed when it or one of its
 * refinements matches the search (subject and text, through the trigram index) and filters.
 */
export async function listHistory(
  db: Database,
  userId: string,
  query: HistoryQuery,
): Promise<HistoryPage> {
  const matches: SQL[] = [];
  if (query.q) matches.push(matchesSearch(query.q));
  if (query.contentType) matches.push(eq(generations.contentType, query.contentType));
  if (query.language) matches.push(eq(generations.language, query.language));
  // A refinement's id finds its top-level text, as a search that matches a refinement does.
  if (query.text) matches.push(eq(generations.id, query.text));
  const mine = and(eq(generations.userId, userId), finished);
  // A folder holds a text's whole line: it filters the top-level texts only.
  const filed = query.folder ? await folderFilter(db, userId, query.folder) : undefined;
  const topLevel = and(topLevelTexts(userId), filed);
  const listed =
    matches.length === 0
      ? topLevel
      : and(
          topLevel,
          or(
            and(...matches),
            sql`${generations.id} in (select ${generations.rootId} from ${generations} where ${and(mine, ...matches)})`,
          ),
        );

  // One statement for the page, its total and whether it has refinements to fetch.
  const offset = (query.page - 1) * query.pageSize;
  const rows =
    matches.length === 0 && !filed
      ? await unfilteredHistoryPage(db).execute({ userId, limit: query.pageSize, offset })
      : await historyPageQuery(db, listed).limit(query.pageSize).offset(offset);
  const total =
    rows[0]?.total ??
    (query.page === 1
      ? 0
      : ((
          await db
            .select({ total: sql<number>`count(*)::int` })
            .from(generations)
            .where(listed)
        )[0]?.total ?? 0));
  const refinedIds = rows.filter((row) => row.refined).map((row) => row.id);
  const children =
    refinedIds.length === 0
      ? []
      : await db
          .select(historyColumns)
          .from(generations)
          .where(and(mine, inArray(generations.rootId, refinedIds)))
          .orderBy(asc(generations.createdAt), asc(generations.id));
  return {
    generations: await historyTree(db, rows, children),
    total,
    page: query.page,
    pageSize: query.pageSize,
  };
}

/** Deletes one of the caller's own texts; another user's id is "not found". */
export async function deleteHistoryItem(
  db: Database,
  userId: string,
  generationId: string,
): Promise<boolean> {
  const deleted = await db
    .delete(generations)
    .where(
      and(
        eq(generations.id, generationId),
        eq(generations.userId, userId),
        eq(generations.status, "done"),
      ),
    )
    .returning({ id: generations.id });
  return deleted.length > 0;
}

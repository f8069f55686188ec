import { and, asc, desc, eq, inArray, isNull, sql } from "drizzle-orm";
import type { Database } from "#server/db/index.ts";
import { generations } from "#server/db/schema.ts";
import { finished } from "./history.ts";

/**
 * The whole library out (issue 28, item 4): an account's finished texts as Markdown files
 * with YAML front matter, read a page of texts at a time in the order they were made, so
 * that a library of thousands is never held whole (library-zip.ts writes them as they come).
 */

/** Texts read per page: each page's newest versions (or every version) are one more query. */
export const EXPORT_PAGE_TEXTS = 100;

/** One file of the zip: its path inside it, its Markdown and its date. */
export interface LibraryFile {
  path: string;
  markdown: string;
  modifiedAt: Date;
}

const exportColumns = {
  id: generations.id,
  rootId: generations.rootId,
  subject: generations.subject,
  useCase: generations.useCase,
  language: generations.language,
  modelUsed: generations.modelUsed,
  refinement: generations.refinement,
  variant: generations.variant,
  text: generations.generatedContent,
  createdAt: generations.createdAt,
  // The time as the database keeps it, to the microsecond: the next page starts after it
  // (a Date's milliseconds would read the last text of a page again).
  cursor: sql<string>`${generations.createdAt}::text`,
};

type ExportRow = {
  id: string;
  rootId: string | null;
  subject: string;
  useCase: string | null;
  language: string;
  modelUsed: string | null;
  refinement: string | null;
  variant: number;
  text: string | null;
  createdAt: Date;
  cursor: string;
};

/** Longest slug a file or folder name starts with; the short id follows it. */
const SLUG_CHARS = 60;

/**
 * A name safe on every system: ASCII letters and digits in lower case, joined by hyphens.
 * Turkish letters lose their marks (ı and İ included); a title of none of them is "text".
 */
export function slugOf(title: string): string {
  const slug = title
    .replace(/ı/g, "i")
    .replace(/İ/g, "I")
    .normalize("NFKD")
    .replace(/\p{M}/gu, "")
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-")
    .slice(0, SLUG_CHARS)
    .replace(/^-+|-+$/g, "");
  return slug || "text";
}

/** A version's first eight hex digits: short, and the names list keeps them unique. */
function shortId(id: string): string {
  return id.replace(/-/g, "").slice(0, 8);
}

/**
 * A YAML scalar the front matter can hold whatever the text says: a JSON string is a YAML
 * double-quoted string (quotes, backslashes, line breaks and controls escaped).
 */
function yamlString(value: string): string {
  return JSON.stringify(value);
}

/** A file's Markdown: front matter, then the text as it was kept. */
export function markdownOf(
  text: ExportRow,
  version: ExportRow,
  extra: Record<string, string | number> = {},
): string {
  const lines = [
    "---",
    `title: ${yamlString(text.subject)}`,
    ...(text.useCase ? [`use_case: ${yamlString(text.useCase)}`] : []),
    `language: ${yamlString(version.language)}`,
    `created: ${text.createdAt.toISOString()}`,
    `updated: ${version.createdAt.toISOString()}`,
    `model: ${yamlString(version.modelUsed ?? "unknown")}`,
    ...Object.entries(extra).map(([key, value]) =>
      typeof value === "number" ? `${key}: ${value}` : `${key}: ${yamlString(value)}`,
    ),
    "---",
    "",
    version.text ?? "",
  ];
  return `${lines.join("\n").trimEnd()}\n`;
}

/** Names already given in one zip: two texts of one title and the same short id differ. */
class UniqueNames {
  private readonly used = new Set<string>();

  name(slug: string, id: string, suffix = ""): string {
    let name = `${slug}-${shortId(id)}${suffix}`;
    if (this.used.has(name)) name = `${slug}-${id}${suffix}`;
    this.used.add(name);
    return name;
  }
}

/** A page of the account's top-level texts made after `after`, oldest first. */
function textsAfter(
  db: Database,
  userId: string,
  after: { cursor: string; id: string } | null,
): Promise<ExportRow[]> {
  const mine = and(eq(generations.userId, userId), finished, isNull(generations.rootId));
  return db
    .select(exportColumns)
    .from(generations)
    .where(
      after
        ? and(
            mine,
            sql`(${generations.createdAt}, ${generations.id}) > (${after.cursor}::timestamptz, ${after.id}::uuid)`,
          )
        : mine,
    )
    .orderBy(asc(generations.createdAt), asc(generations.id))
    .limit(EXPORT_PAGE_TEXTS);
}

/** The finished versions made from `rootIds`: every one, or each text's newest alone. */
function versionsOf(
  db: Database,
  userId: string,
  rootIds: string[],
  all: boolean,
): Promise<ExportRow[]> {
  const made = and(eq(generations.userId, userId), finished, inArray(generations.rootId, rootIds));
  if (all) {
    return db
      .select(exportColumns)
      .from(generations)
      .where(made)
      .orderBy(asc(generations.createdAt), asc(generations.id));
  }
  return db
    .selectDistinctOn([generations.rootId], exportColumns)
    .from(generations)
    .where(made)
    .orderBy(generations.rootId, desc(generations.createdAt), desc(generations.id));
}

/**
 * The account's files, a page of texts at a time: `all` false, one file per text (its
 * newest version); true, a folder per text with each version a file, numbered in order.
 */
export async function* libraryFiles(
  db: Database,
  userId: string,
  all: boolean,
): AsyncGenerator<LibraryFile[]> {
  const names = new UniqueNames();
  let after: ExportRow | null = null;
  for (;;) {
    const texts = await textsAfter(db, userId, after);
    if (texts.length === 0) return;
    after = texts.at(-1)!;
    const versions = await versionsOf(
      db,
      userId,
      texts.map((text) => text.id),
      all,
    );
    const files: LibraryFile[] = [];
    for (const text of texts) {
      const made = versions.filter((version) => version.rootId === text.id);
      const slug = slugOf(text.subject);
      if (!all) {
        const newest = made[0] ?? text;
        files.push({
          path: `${names.name(slug, text.id)}.md`,
          markdown: markdownOf(text, newest),
          modifiedAt: newest.createdAt,
        });
        continue;
      }
      const folder = names.name(slug, text.id);
      [text, ...made].forEach((version, index) => {
        const number = String(index + 1).padStart(3, "0");
        files.push({
          path: `${folder}/${number}-${shortId(version.id)}.md`,
          markdown: markdownOf(text, version, {
            version: index + 1,
            ...(version.refinement ? { change: version.refinement } : {}),
          }),
          modifiedAt: version.createdAt,
        });
      });
    }
    yield files;
    if (texts.length < EXPORT_PAGE_TEXTS) return;
  }
}

import { and, asc, count, eq, sql, type SQL } from "drizzle-orm";
import type { QueryBuilder } from "drizzle-orm/pg-core";
import type { Folder, TextFolderAnswer } from "#shared/api/folders.ts";
import { MAX_FOLDERS } from "#shared/folders.ts";
import { isUuid } from "#shared/format.ts";
import type { FolderChanges, NewFolder } from "#shared/schemas/folders.ts";
import type { CreditOwner } from "#server/credits/ledger.ts";
import { UNIQUE_VIOLATION, sqlState } from "#server/db/errors.ts";
import type { Database, Transaction } from "#server/db/index.ts";
import { filedTexts, folders } from "#server/db/library-tables.ts";
import { generations, users, voices } from "#server/db/schema.ts";
import { failure, fieldFailures } from "#server/errors.ts";

/**
 * Folders (issue 28): this module owns the `folders` and `filed_texts` tables. Every
 * function takes the owner's id, so another account's folder or text is never found (the
 * API answers 404). A text is filed by the first version of its line, so that moving it
 * moves every version at once.
 */

const columns = {
  id: folders.id,
  name: folders.name,
  voiceId: folders.voiceId,
  createdAt: folders.createdAt,
  // Only kept texts count: one being written is filed already, but not yet in the history.
  // Written out: drizzle leaves the table off the columns of a one-table select.
  texts: sql<number>`(select count(*) from filed_texts as filed join generations as kept on kept.id = filed.root_id where filed.folder_id = folders.id and kept.status = 'done')::int`,
};

type FolderRow = Omit<Folder, "createdAt"> & { createdAt: Date };

function toFolder(row: FolderRow): Folder {
  return { ...row, createdAt: row.createdAt.toISOString() };
}

const own = (userId: string, folderId: string) =>
  and(eq(folders.id, folderId), eq(folders.userId, userId));

/** The user's folders, by name. */
export async function listFolders(db: Database, userId: string): Promise<Folder[]> {
  const rows = await db
    .select(columns)
    .from(folders)
    .where(eq(folders.userId, userId))
    .orderBy(sql`lower(${folders.name})`, asc(folders.id));
  return rows.map(toFolder);
}

/** The account row, locked: folder writes of one account take turns (limit, names). */
async function lockAccount(tx: Transaction, userId: string): Promise<void> {
  await tx.select({ id: users.id }).from(users).where(eq(users.id, userId)).for("update");
}

/** A default voice must be one of the owner's: another's, or a missing one, is a 404. */
async function checkVoice(tx: Transaction, userId: string, voiceId: string | null | undefined) {
  if (!voiceId) return;
  const [voice] = await tx
    .select({ id: voices.id })
    .from(voices)
    .where(and(eq(voices.id, voiceId), eq(voices.userId, userId)));
  if (!voice) throw failure("NOT_FOUND", "voiceNotFound");
}

const nameTaken = () =>
  failure("CONFLICT", "folderNameTaken", fieldFailures({ name: ["folderNameTaken"] }));

/** Names are unique per account whatever their case (the index `folders_user_name_unique`). */
async function checkName(tx: Transaction, userId: string, name: string, except?: string) {
  const [clash] = await tx
    .select({ id: folders.id })
    .from(folders)
    .where(and(eq(folders.userId, userId), sql`lower(${folders.name}) = lower(${name})`));
  if (clash && clash.id !== except) throw nameTaken();
}

/** The unique index is the last word on names: a clash it finds is the same 409. */
async function withNamesChecked<T>(write: Promise<T>): Promise<T> {
  try {
    return await write;
  } catch (error) {
    if (sqlState(error) === UNIQUE_VIOLATION) throw nameTaken();
    throw error;
  }
}

/**
 * Makes a folder; 400 past MAX_FOLDERS, 409 for a name the account already uses. The
 * account row is locked first, so two folders made at once cannot both take the last place.
 */
export async function createFolder(
  db: Database,
  userId: string,
  folder: NewFolder,
  now: Date,
): Promise<Folder> {
  return withNamesChecked(
    db.transaction(async (tx) => {
      await lockAccount(tx, userId);
      const [kept] = await tx
        .select({ n: count() })
        .from(folders)
        .where(eq(folders.userId, userId));
      if ((kept?.n ?? 0) >= MAX_FOLDERS) throw failure("VALIDATION_ERROR", "folderLimit");
      await checkName(tx, userId, folder.name);
      await checkVoice(tx, userId, folder.voiceId);
      const [row] = await tx
        .insert(folders)
        .values({ userId, name: folder.name, voiceId: folder.voiceId, createdAt: now })
        .returning({ id: folders.id });
      const [created] = await tx.select(columns).from(folders).where(eq(folders.id, row!.id));
      return toFolder(created!);
    }),
  );
}

/** Renames a folder or changes its voice; its texts stay in it. Null when it is not theirs. */
export async function updateFolder(
  db: Database,
  userId: string,
  folderId: string,
  changes: FolderChanges,
): Promise<Folder | null> {
  if (!isUuid(folderId)) return null;
  return withNamesChecked(
    db.transaction(async (tx) => {
      await lockAccount(tx, userId);
      const [current] = await tx
        .select({ id: folders.id })
        .from(folders)
        .where(own(userId, folderId));
      if (!current) return null;
      if (changes.name !== undefined) await checkName(tx, userId, changes.name, folderId);
      await checkVoice(tx, userId, changes.voiceId);
      await tx
        .update(folders)
        .set({
          ...(changes.name !== undefined ? { name: changes.name } : {}),
          ...(changes.voiceId !== undefined ? { voiceId: changes.voiceId } : {}),
        })
        .where(own(userId, folderId));
      const [row] = await tx.select(columns).from(folders).where(own(userId, folderId));
      return toFolder(row!);
    }),
  );
}

/** Deletes a folder; its texts stay, in no folder. False when it is not theirs. */
export async function deleteFolder(
  db: Database,
  userId: string,
  folderId: string,
): Promise<boolean> {
  if (!isUuid(folderId)) return false;
  const deleted = await db
    .delete(folders)
    .where(own(userId, folderId))
    .returning({ id: folders.id });
  return deleted.length > 0;
}

/**
 * Files one of the user's texts (any of its versions' ids) into one of their folders, or
 * with null takes it out of any: one row for the whole line, so every version moves at
 * once. Null when the text is not theirs; a folder not theirs is a 404 of its own.
 */
export async function fileText(
  db: Database,
  userId: string,
  generationId: string,
  folderId: string | null,
): Promise<TextFolderAnswer | null> {
  if (!isUuid(generationId)) return null;
  const [text] = await db
    .select({ rootId: sql<string>`coalesce(${generations.rootId}, ${generations.id})` })
    .from(generations)
    .where(
      and(
        eq(generations.id, generationId),
        eq(generations.userId, userId),
        eq(generations.status, "done"),
      ),
    );
  if (!text) return null;
  const { rootId } = text;
  if (folderId === null) {
    await db.delete(filedTexts).where(eq(filedTexts.rootId, rootId));
    return { success: true, rootId, folderId: null };
  }
  // The folder is read in the same statement: one deleted meanwhile files nothing (a 404).
  const filed = await db
    .insert(filedTexts)
    .select(intoOwnFolder(userId, rootId, folderId))
    .onConflictDoUpdate({ target: filedTexts.rootId, set: { folderId: sql`excluded.folder_id` } })
    .returning({ folderId: filedTexts.folderId });
  if (filed.length === 0) throw failure("NOT_FOUND", "folderNotFound");
  return { success: true, rootId, folderId };
}

/** The row filing `rootId` into the folder, when the folder is the user's; none otherwise. */
function intoOwnFolder(userId: string, rootId: string, folderId: string) {
  return (qb: QueryBuilder) =>
    qb
      .select({ rootId: sql<string>`${rootId}::uuid`.as("root_id"), folderId: folders.id })
      .from(folders)
      .where(own(userId, folderId));
}

/**
 * The folder a new text is written from: the owner's (a guest has none), else a 404
 * before anything is reserved. Its voice is the text's when none is chosen.
 */
export async function folderForNewText(
  db: Database,
  owner: CreditOwner,
  folderId: string,
): Promise<{ id: string; voiceId: string | null }> {
  const [folder] =
    owner.kind === "user" && isUuid(folderId)
      ? await db
          .select({ id: folders.id, voiceId: folders.voiceId })
          .from(folders)
          .where(own(owner.userId, folderId))
      : [];
  if (!folder) throw failure("NOT_FOUND", "folderNotFound");
  return folder;
}

/**
 * Files a new text in the transaction that writes its row, when it was written from a
 * folder. Only the first version of a line is filed: a later one is in its line's folder
 * already. A folder deleted since it was checked files nothing: the text is unfiled.
 */
export async function fileNewText(
  tx: Transaction,
  owner: CreditOwner,
  folderId: string | undefined,
  rootId: string,
): Promise<void> {
  if (!folderId || owner.kind !== "user") return;
  await tx
    .insert(filedTexts)
    .select(intoOwnFolder(owner.userId, rootId, folderId))
    .onConflictDoNothing();
}

/** The history's folder filter: texts filed in one of the user's folders, or in none. */
export async function folderFilter(db: Database, userId: string, folder: string): Promise<SQL> {
  if (folder === "none") {
    return sql`not exists (select 1 from filed_texts as filed where filed.root_id = generations.id)`;
  }
  const [found] = await db.select({ id: folders.id }).from(folders).where(own(userId, folder));
  if (!found) throw failure("NOT_FOUND", "folderNotFound");
  return sql`generations.id in (select filed.root_id from filed_texts as filed where filed.folder_id = ${folder})`;
}

/** The folder a top-level text is filed in, as a column of the history's page. */
export const folderOfText = sql<
  string | null
>`(select filed.folder_id from filed_texts as filed where filed.root_id = generations.id)`;

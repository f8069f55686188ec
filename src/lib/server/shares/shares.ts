import { randomBytes } from "node:crypto";
import { and, desc, eq } from "drizzle-orm";
import type { ShareLink } from "#shared/api/shares.ts";
import { SHARE_ID, sharePath } from "#shared/shares.ts";
import type { Database, Transaction } from "#server/db/index.ts";
import { shareLinks } from "#server/db/library-tables.ts";
import { generations } from "#server/db/schema.ts";
import { AppError, failure } from "#server/errors.ts";

/**
 * Share links (issue 28, item 3): this module owns the `share_links` table. A link shows
 * one finished version of an account's own text; the owner's functions take the owner's
 * id, so another's link or text is never found (404). A revoked link is a deleted row, and
 * the page reads the row on every request: on every instance it is gone at once.
 */

/** 128 random bits, base64url: the unguessable part of `/s/<id>`. */
export function newShareId(): string {
  return randomBytes(16).toString("base64url");
}

const linkColumns = {
  id: shareLinks.id,
  generationId: shareLinks.generationId,
  createdAt: shareLinks.createdAt,
  title: generations.subject,
  textCreatedAt: generations.createdAt,
};

type LinkRow = { [K in keyof typeof linkColumns]: (typeof linkColumns)[K]["_"]["data"] };

function toShareLink(row: LinkRow, publicUrl: string): ShareLink {
  const path = sharePath(row.id);
  return {
    id: row.id,
    path,
    url: `${publicUrl}${path}`,
    generationId: row.generationId,
    title: row.title,
    textCreatedAt: row.textCreatedAt.toISOString(),
    createdAt: row.createdAt.toISOString(),
  };
}

/** The link of one version of the user's, made now or before. */
export interface SharedVersion {
  share: ShareLink;
  created: boolean;
}

/**
 * Shares one of the user's finished versions; a version shared before answers its link.
 * A verified address is asked for, as a public page is made of what the account wrote.
 * The version's row is locked first, so that two clicks at once make one link.
 */
export async function createShare(
  db: Database,
  user: { id: string; emailVerified: boolean },
  generationId: string,
  now: Date,
  publicUrl: string,
): Promise<SharedVersion> {
  if (!user.emailVerified) {
    throw new AppError("EMAIL_NOT_VERIFIED", "Verify your email address to share your texts.");
  }
  const userId = user.id;
  return db.transaction(async (tx) => {
    const [version] = await tx
      .select({ status: generations.status, text: generations.generatedContent })
      .from(generations)
      .where(and(eq(generations.id, generationId), eq(generations.userId, userId)))
      .for("update");
    if (!version) throw failure("NOT_FOUND", "textNotFound");
    if (version.status === "pending") {
      throw new AppError("CONFLICT", "This text is still being written. Share it once it is done.");
    }
    if (version.status === "failed" || !version.text) {
      throw new AppError("CONFLICT", "This text was not written, so there is nothing to share.");
    }
    const ownLink = and(eq(shareLinks.generationId, generationId), eq(shareLinks.userId, userId));
    const joined = () =>
      tx
        .select(linkColumns)
        .from(shareLinks)
        .innerJoin(generations, eq(generations.id, shareLinks.generationId));
    const [existing] = await joined().where(ownLink).limit(1);
    if (existing) return { share: toShareLink(existing, publicUrl), created: false };
    const id = newShareId();
    await tx.insert(shareLinks).values({ id, userId, generationId, createdAt: now });
    const [made] = await joined().where(eq(shareLinks.id, id));
    return { share: toShareLink(made!, publicUrl), created: true };
  });
}

/** The user's links, newest first, each with its text's title and date. */
export async function listShares(
  db: Database,
  userId: string,
  publicUrl: string,
): Promise<ShareLink[]> {
  const rows = await db
    .select(linkColumns)
    .from(shareLinks)
    .innerJoin(generations, eq(generations.id, shareLinks.generationId))
    .where(eq(shareLinks.userId, userId))
    .orderBy(desc(shareLinks.createdAt), desc(shareLinks.id));
  return rows.map((row) => toShareLink(row, publicUrl));
}

/** Revokes one of the user's links; false when it is not theirs (or not there). */
export async function revokeShare(db: Database, userId: string, id: string): Promise<boolean> {
  if (!SHARE_ID.test(id)) return false;
  const deleted = await db
    .delete(shareLinks)
    .where(and(eq(shareLinks.id, id), eq(shareLinks.userId, userId)))
    .returning({ id: shareLinks.id });
  return deleted.length > 0;
}

/** What the public page shows of a shared version: the text, never who wrote it. */
export interface SharedText {
  text: string;
  language: string;
  /** The use case it was written with (a slug), or null. */
  useCase: string | null;
}

/**
 * The text behind a link, or null: an unknown, revoked or malformed id, or a text or
 * account deleted since. One lookup by primary key whatever the id, so that a guess and a
 * revoked link take the same time.
 */
export async function findSharedText(db: Database, id: string): Promise<SharedText | null> {
  if (!SHARE_ID.test(id)) return null;
  const [row] = await db
    .select({
      text: generations.generatedContent,
      language: generations.language,
      useCase: generations.useCase,
    })
    .from(shareLinks)
    .innerJoin(
      generations,
      and(eq(generations.id, shareLinks.generationId), eq(generations.userId, shareLinks.userId)),
    )
    .where(and(eq(shareLinks.id, id), eq(generations.status, "done")))
    .limit(1);
  return row?.text ? { text: row.text, language: row.language, useCase: row.useCase } : null;
}

/**
 * Deletes a link whoever owns it (an operator's take-down, src/lib/server/console): what
 * it showed and whose it was, or null when there is no such link.
 */
export async function deleteAnyShare(
  tx: Database | Transaction,
  id: string,
): Promise<{ userId: string; generationId: string } | null> {
  if (!SHARE_ID.test(id)) return null;
  const [link] = await tx
    .delete(shareLinks)
    .where(eq(shareLinks.id, id))
    .returning({ userId: shareLinks.userId, generationId: shareLinks.generationId });
  return link ?? null;
}

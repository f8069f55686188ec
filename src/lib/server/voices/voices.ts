import { and, asc, count, eq } from "drizzle-orm";
import type { Voice } from "#shared/api/voices.ts";
import { isUuid } from "#shared/format.ts";
import { voiceHasText, type NewVoice, type VoiceChanges } from "#shared/schemas/voices.ts";
import { MAX_VOICES } from "#shared/voices.ts";
import type { CreditOwner } from "#server/credits/ledger.ts";
import type { Database } from "#server/db/index.ts";
import { users, voices } from "#server/db/schema.ts";
import { failure, fieldFailures } from "#server/errors.ts";

/**
 * Saved voices (issue 42): this module owns the `voices` table. Every function takes the
 * owner's id, so a voice of another account is never found (the API answers 404).
 */

const columns = {
  id: voices.id,
  name: voices.name,
  description: voices.description,
  sample: voices.sample,
  createdAt: voices.createdAt,
  updatedAt: voices.updatedAt,
};

type VoiceRow = { [K in keyof typeof columns]: (typeof columns)[K]["_"]["data"] };

function toVoice(row: VoiceRow): Voice {
  return {
    ...row,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

const own = (userId: string, voiceId: string) =>
  and(eq(voices.id, voiceId), eq(voices.userId, userId));

/** The user's voices, oldest first. */
export async function listVoices(db: Database, userId: string): Promise<Voice[]> {
  const rows = await db
    .select(columns)
    .from(voices)
    .where(eq(voices.userId, userId))
    .orderBy(asc(voices.createdAt), asc(voices.id));
  return rows.map(toVoice);
}

/** One of the user's voices, or null (another's, a missing one, or no id at all). */
export async function findVoice(
  db: Database,
  userId: string,
  voiceId: string,
): Promise<Voice | null> {
  if (!isUuid(voiceId)) return null;
  const [row] = await db.select(columns).from(voices).where(own(userId, voiceId)).limit(1);
  return row ? toVoice(row) : null;
}

/**
 * Saves a new voice; 409 past MAX_VOICES. The account row is locked first, so that two
 * voices saved at once cannot both take the last place.
 */
export async function createVoice(
  db: Database,
  userId: string,
  voice: NewVoice,
  now: Date,
): Promise<Voice> {
  return db.transaction(async (tx) => {
    await tx.select({ id: users.id }).from(users).where(eq(users.id, userId)).for("update");
    const [kept] = await tx.select({ n: count() }).from(voices).where(eq(voices.userId, userId));
    if ((kept?.n ?? 0) >= MAX_VOICES) throw failure("CONFLICT", "voiceLimit");
    const [row] = await tx
      .insert(voices)
      .values({ userId, ...voice, createdAt: now, updatedAt: now })
      .returning(columns);
    return toVoice(row!);
  });
}

/** Changes one of the user's voices; null when it is not theirs. It must keep some text. */
export async function updateVoice(
  db: Database,
  userId: string,
  voiceId: string,
  changes: VoiceChanges,
  now: Date,
): Promise<Voice | null> {
  if (!isUuid(voiceId)) return null;
  return db.transaction(async (tx) => {
    const [current] = await tx
      .select(columns)
      .from(voices)
      .where(own(userId, voiceId))
      .for("update");
    if (!current) return null;
    const next = {
      name: changes.name ?? current.name,
      description: changes.description ?? current.description,
      sample: changes.sample ?? current.sample,
    };
    if (!voiceHasText(next)) {
      throw failure(
        "VALIDATION_ERROR",
        "voiceEmpty",
        fieldFailures({ description: ["voiceEmpty"] }),
      );
    }
    const [row] = await tx
      .update(voices)
      .set({ ...next, updatedAt: now })
      .where(own(userId, voiceId))
      .returning(columns);
    return toVoice(row!);
  });
}

/** Deletes one of the user's voices; false when it is not theirs. */
export async function deleteVoice(db: Database, userId: string, voiceId: string): Promise<boolean> {
  if (!isUuid(voiceId)) return false;
  const deleted = await db.delete(voices).where(own(userId, voiceId)).returning({ id: voices.id });
  return deleted.length > 0;
}

/** What the writer gets of a voice, as data in the user message: never its name. */
export interface WriterVoice {
  /** How its owner writes, in their words. */
  style?: string;
  /** A sample of its owner's writing. */
  sample?: string;
}

/**
 * The voice a text asks for, as the writer gets it: the owner's own only (a guest has
 * none); another's, or a missing one, answers 404 like a missing text.
 */
export async function writerVoiceOf(
  db: Database,
  owner: CreditOwner,
  voiceId: string,
): Promise<WriterVoice> {
  const voice = owner.kind === "user" ? await findVoice(db, owner.userId, voiceId) : null;
  if (!voice) throw failure("NOT_FOUND", "voiceNotFound");
  return {
    ...(voice.description ? { style: voice.description } : {}),
    ...(voice.sample ? { sample: voice.sample } : {}),
  };
}

/** How many voices an account keeps (the console shows the number, never the text). */
export async function countVoices(db: Database, userId: string): Promise<number> {
  const [row] = await db.select({ n: count() }).from(voices).where(eq(voices.userId, userId));
  return row?.n ?? 0;
}

import { sql } from "drizzle-orm";
import { index, jsonb, pgTable, text, timestamp, uniqueIndex, uuid } from "drizzle-orm/pg-core";
import { generations, users, voices } from "./schema.ts";

/**
 * What an account keeps around its texts (issue 28): its own templates, its folders and
 * the texts filed in them, and the share links of its versions. Each goes with the account
 * (and a filing or a link with its text).
 */

const createdAt = () => timestamp("created_at", { withTimezone: true }).notNull().defaultNow();
const owner = () =>
  uuid("user_id")
    .notNull()
    .references(() => users.id, { onDelete: "cascade" });

/**
 * A saved form: a use case with its fields, or a description (which may hold
 * `{{placeholders}}`) with its type, tone, length, language and voice. `form` holds what
 * the form sends, as its schema (src/lib/shared/schemas) checks it on every write.
 */
export const templates = pgTable(
  "templates",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    userId: owner(),
    name: text("name").notNull(),
    form: jsonb("form").$type<Record<string, unknown>>().notNull(),
    createdAt: createdAt(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("templates_user_created_idx").on(t.userId, t.createdAt)],
);

/** An account's folders; a folder may name the voice its new texts are written in. */
export const folders = pgTable(
  "folders",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    userId: owner(),
    name: text("name").notNull(),
    voiceId: uuid("voice_id").references(() => voices.id, { onDelete: "set null" }),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex("folders_user_name_unique").on(t.userId, sql`lower(${t.name})`)],
);

/**
 * Which folder a text is in: one row per text (its first version, the line's root), so
 * that moving it moves every version at once. Deleting the folder unfiles its texts.
 */
export const filedTexts = pgTable(
  "filed_texts",
  {
    rootId: uuid("root_id")
      .primaryKey()
      .references(() => generations.id, { onDelete: "cascade" }),
    folderId: uuid("folder_id")
      .notNull()
      .references(() => folders.id, { onDelete: "cascade" }),
  },
  (t) => [index("filed_texts_folder_idx").on(t.folderId)],
);

/**
 * A read-only public page of one version, `/s/<id>`: the id is the unguessable part (128
 * random bits, base64url). Revoking deletes the row; deleting the text or the account
 * deletes it too, so a link that is not here is a 404 on every instance at once.
 */
export const shareLinks = pgTable(
  "share_links",
  {
    id: text("id").primaryKey(),
    userId: owner(),
    generationId: uuid("generation_id")
      .notNull()
      .references(() => generations.id, { onDelete: "cascade" }),
    createdAt: createdAt(),
  },
  (t) => [
    index("share_links_user_created_idx").on(t.userId, t.createdAt),
    index("share_links_generation_idx").on(t.generationId),
  ],
);

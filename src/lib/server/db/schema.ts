/**
 * The whole product's tables. Balances live on the owner row and are guarded by
 * CHECK (credits >= 0); every change to them is also a credit_ledger row written in
 * the same transaction, so the balance always equals the ledger sum (DESIGN §4).
 */

import { sql } from "drizzle-orm";
import {
  type AnyPgColumn,
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgEnum,
  pgTable,
  smallint,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from "drizzle-orm/pg-core";
import { guests, users } from "./account-tables.ts";
import { apiKeys } from "./key-tables.ts";

export * from "./account-tables.ts";

const createdAt = () => timestamp("created_at", { withTimezone: true }).notNull().defaultNow();

/** `failure_reason` of a done text that its writer ended early (a failure, stall or timeout). */
export const WRITER_STOPPED = "writer stopped";

export const generationStatus = pgEnum("generation_status", ["pending", "done", "failed"]);

export const generations = pgTable(
  "generations",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    userId: uuid("user_id").references(() => users.id, { onDelete: "cascade" }),
    guestId: text("guest_id").references(() => guests.id, { onDelete: "cascade" }),
    status: generationStatus("status").notNull().default("pending"),
    subject: text("subject").notNull(),
    /** The visitor's description of the text (the column keeps its first name). */
    content: text("prompt").notNull(),
    tone: text("tone").notNull(),
    language: text("language").notNull(),
    contentType: text("content_type").notNull(),
    length: text("length"),
    generatedContent: text("generated_content"),
    modelUsed: text("model_used"),
    cost: integer("cost").notNull(),
    /**
     * Keyed hash of the client address, on trial texts only (guests' and unverified
     * accounts'), for the per-address trial cap (decision 057).
     */
    addressHash: text("address_hash"),
    failureReason: text("failure_reason"),
    /**
     * While pending: the running process renews this lease; once it has lapsed the process
     * is gone and the reconciler refunds the reservation.
     */
    leaseExpiresAt: timestamp("lease_expires_at", { withTimezone: true }),
    /** Regenerate: which version of the same request this is (1 for the first). */
    variant: smallint("variant").notNull().default(1),
    /** A refinement: the text it was made from, how, and the first text of that line. */
    parentId: uuid("parent_id").references((): AnyPgColumn => generations.id, {
      onDelete: "set null",
    }),
    rootId: uuid("root_id").references((): AnyPgColumn => generations.id, {
      onDelete: "set null",
    }),
    refinement: text("refinement"),
    /** An `instruction` refinement: the person's own words (issue 43). */
    instruction: text("instruction"),
    /**
     * A passage change (issue 43): the range of the parent's text it replaced, in UTF-16
     * offsets (start = end where `continue` inserted); null for a whole-text version.
     */
    passageStart: integer("passage_start"),
    passageEnd: integer("passage_end"),
    /** Stop was asked for: the instance that writes the text stops it (DESIGN §4). */
    cancelRequestedAt: timestamp("cancel_requested_at", { withTimezone: true }),
    /** A stopped text: how many of its words had reached the client (its cost follows). */
    stoppedWords: integer("stopped_words"),
    /**
     * A use case's text (issue 42): its slug (src/content/use-cases/<slug>.yaml) and the
     * values of its fields by field id, as checked against its definition; null for a text
     * described in the user's own words. Refinements and edits copy them from their parent.
     */
    useCase: text("use_case"),
    fields: jsonb("fields").$type<Record<string, string>>(),
    /** The API key that asked for the text (issue 29); null for the web's. */
    apiKeyId: uuid("api_key_id").references(() => apiKeys.id, { onDelete: "set null" }),
    /**
     * The saved voice it was written in (decision 087), for "Use this prompt again" and the
     * desk. No foreign key: a voice deleted while a text is written in it must not fail the
     * text; it is read through the voices that still exist (history.ts), so a deleted one
     * reads as none.
     */
    voiceId: uuid("voice_id"),
    createdAt: createdAt(),
    finishedAt: timestamp("finished_at", { withTimezone: true }),
  },
  (t) => [
    index("generations_user_created_idx").on(t.userId, t.createdAt),
    index("generations_root_idx").on(t.rootId),
    index("generations_parent_idx").on(t.parentId),
    // History search (ILIKE over subject and text) uses trigrams, on PGlite and PostgreSQL.
    index("generations_search_idx").using(
      "gin",
      sql`(${t.subject} || ' ' || coalesce(${t.generatedContent}, '')) gin_trgm_ops`,
    ),
    index("generations_guest_created_idx").on(t.guestId, t.createdAt),
    index("generations_status_lease_idx").on(t.status, t.leaseExpiresAt),
    index("generations_address_created_idx").on(t.addressHash, t.createdAt),
    // The console's texts per day read the last 30 days of every owner's texts.
    index("generations_created_idx").on(t.createdAt),
    check("generations_cost_non_negative", sql`${t.cost} >= 0`),
    // A guest's trial text keeps guest_id when it moves to the new account's user_id.
    check("generations_has_owner", sql`${t.userId} is not null or ${t.guestId} is not null`),
  ],
);

/**
 * A signed-in user's saved voices (issue 42): how they write, in their words and/or a
 * sample of their writing, given to the writer as data. They go with the account.
 */
export const voices = pgTable(
  "voices",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    name: text("name").notNull(),
    /** How the user writes, in their own words; empty when only a sample is given. */
    description: text("description").notNull().default(""),
    /** A sample of the user's own writing; empty when only a description is given. */
    sample: text("sample").notNull().default(""),
    createdAt: createdAt(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("voices_user_created_idx").on(t.userId, t.createdAt)],
);

export const creditReason = pgEnum("credit_reason", [
  "signup_grant",
  "verification_top_up",
  "weekly_grant",
  "guest_trial",
  "generation",
  "refund",
  "ad_reward",
  /** An operator's grant from the console, and the credits an operator took back. */
  "operator_grant",
  "operator_take_back",
]);

export const creditLedger = pgTable(
  "credit_ledger",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    userId: uuid("user_id").references(() => users.id, { onDelete: "cascade" }),
    guestId: text("guest_id").references(() => guests.id, { onDelete: "cascade" }),
    delta: integer("delta").notNull(),
    reason: creditReason("reason").notNull(),
    generationId: uuid("generation_id").references(() => generations.id, { onDelete: "set null" }),
    /** Makes grants, rewards and refunds idempotent: a second write with the same key fails. */
    idempotencyKey: text("idempotency_key").notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex("credit_ledger_idempotency_key_unique").on(t.idempotencyKey),
    index("credit_ledger_user_created_idx").on(t.userId, t.createdAt),
    index("credit_ledger_guest_created_idx").on(t.guestId, t.createdAt),
    // The console's credits per week.
    index("credit_ledger_created_idx").on(t.createdAt),
    check("credit_ledger_one_owner", sql`(${t.userId} is null) <> (${t.guestId} is null)`),
  ],
);

export const adSessions = pgTable(
  "ad_sessions",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    createdAt: createdAt(),
    readyAt: timestamp("ready_at", { withTimezone: true }).notNull(),
    claimedAt: timestamp("claimed_at", { withTimezone: true }),
  },
  (t) => [index("ad_sessions_user_created_idx").on(t.userId, t.createdAt)],
);

export const adEvent = pgEnum("ad_event", ["impression", "completion", "click"]);

/**
 * What the "Watch Ad" card's ads did (issue 27): one row per ad session and event, so a
 * session counts each of its ad's impression, completion and click once, and shows one
 * ad. Each counted event is added to its ad's `ad_totals` as well, and the events go with
 * their session, so the table holds only the sessions the cleanup job has not deleted yet.
 */
export const adEvents = pgTable(
  "ad_events",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    /** Its events go with the session when the cleanup job deletes it; the totals stay. */
    adSessionId: uuid("ad_session_id")
      .notNull()
      .references(() => adSessions.id, { onDelete: "cascade" }),
    /** A house ad's content id, or `vast:` and the network's ad id. */
    adId: text("ad_id").notNull(),
    event: adEvent("event").notNull(),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex("ad_events_session_event_unique").on(t.adSessionId, t.event)],
);

/**
 * Each ad's impressions, completions and clicks of all time (the console shows them), one
 * row per ad, added to as its events are counted.
 */
export const adTotals = pgTable("ad_totals", {
  /** A house ad's content id, or `vast:` and the network's ad id. */
  adId: text("ad_id").primaryKey(),
  /** The headline (house) or AdTitle (VAST) of its latest counted event. */
  adLabel: text("ad_label").notNull(),
  impressions: integer("impressions").notNull().default(0),
  completions: integer("completions").notNull().default(0),
  clicks: integer("clicks").notNull().default(0),
});

export const testimonialStatus = pgEnum("testimonial_status", ["pending", "approved", "rejected"]);

export const testimonials = pgTable(
  "testimonials",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    name: text("name").notNull(),
    profession: text("profession"),
    content: text("content").notNull(),
    rating: smallint("rating").notNull(),
    status: testimonialStatus("status").notNull().default("pending"),
    /** Keyed hash of the submitter's address: enough for rate limits, not a stored IP. */
    submitterAddressHash: text("submitter_address_hash").notNull(),
    createdAt: createdAt(),
    reviewedAt: timestamp("reviewed_at", { withTimezone: true }),
  },
  (t) => [
    index("testimonials_status_created_idx").on(t.status, t.createdAt),
    check("testimonials_rating_range", sql`${t.rating} between 1 and 5`),
  ],
);

/** Messages kept instead of sent when neither SMTP_URL nor SENDGRID_API_KEY is set (DESIGN §6). */
export const devOutbox = pgTable(
  "dev_outbox",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    recipient: text("recipient").notNull(),
    subject: text("subject").notNull(),
    html: text("html").notNull(),
    text: text("text").notNull(),
    createdAt: createdAt(),
  },
  (t) => [index("dev_outbox_created_idx").on(t.createdAt)],
);

/** rate-limiter-flexible's Drizzle store: one row per limited key and window. */
export const rateLimits = pgTable("rate_limits", {
  key: text("key").primaryKey(),
  points: integer("points").notNull().default(0),
  expire: timestamp("expire", { withTimezone: true, mode: "date" }),
});

/** Per-deployment values every instance must share, such as the address-hashing key. */
export const appSettings = pgTable("app_settings", {
  key: text("key").primaryKey(),
  value: text("value").notNull(),
  createdAt: createdAt(),
});

/**
 * Every operator action from the console (DESIGN §7b): who, what, when, on whom, and the
 * action's details. Rows outlive the accounts they name: the e-mail addresses are kept as
 * they were when the action was taken.
 */
export const operatorAudit = pgTable(
  "operator_audit",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    operatorId: uuid("operator_id").references(() => users.id, { onDelete: "set null" }),
    operatorEmail: text("operator_email").notNull(),
    action: text("action").notNull(),
    targetUserId: uuid("target_user_id").references(() => users.id, { onDelete: "set null" }),
    targetEmail: text("target_email"),
    detail: jsonb("detail").$type<Record<string, unknown>>().notNull().default({}),
    createdAt: createdAt(),
  },
  (t) => [
    index("operator_audit_created_idx").on(t.createdAt),
    index("operator_audit_target_idx").on(t.targetUserId),
  ],
);

/**
 * What happened to each text, kept when the text is not (decision 084): one row per
 * generation, written by a trigger on `generations` as the row is made and settled, so no
 * code path can forget it and no deletion (of a text, an account or a guest) takes it back.
 * The trial cap and the console's figures count these rows, never the texts that still
 * exist. No words, no owner: only when, by whom (a guest or an account), the writer, the
 * outcome and, for a day, a trial text's address.
 */
export const textRecords = pgTable(
  "text_records",
  {
    /** The generation's id; no foreign key: the record outlives the text. */
    generationId: uuid("generation_id").primaryKey(),
    /** Written by a guest (a trial text that later moved to an account stays a guest's). */
    byGuest: boolean("by_guest").notNull(),
    /**
     * A trial text's address hash (guests' and unverified accounts'), for the per-address
     * trial cap; the cleanup job clears it once the 24 hours the cap looks back are over.
     */
    addressHash: text("address_hash"),
    status: generationStatus("status").notNull(),
    modelUsed: text("model_used"),
    cost: integer("cost").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull(),
  },
  (t) => [
    index("text_records_address_created_idx")
      .on(t.addressHash, t.createdAt)
      .where(sql`${t.addressHash} is not null`),
    index("text_records_created_idx").on(t.createdAt),
  ],
);

/**
 * What a deleted account had left of its week (decision 084): the allowance follows the
 * address, so registering it again within the week grants no more than this. Keyed by a
 * keyed hash of the address's mailbox, never the address; kept 8 days after the deletion.
 */
export const allowanceHolds = pgTable(
  "allowance_holds",
  {
    /**
     * HMAC-SHA256 of the address's canonical mailbox (mailbox.ts), hex; holds written
     * before mailboxes are keyed by the stored (trimmed, lower-cased) address.
     */
    emailHash: text("email_hash").primaryKey(),
    /** Monday (UTC, YYYY-MM-DD) of the week the deletion happened in: the hold's week. */
    week: text("week").notNull(),
    /** The balance the deleted account had left: a new account's signup grant is capped by it. */
    credits: integer("credits").notNull(),
    /**
     * The most the address may still be granted this week by a verification, or null when
     * the deleted account had not yet had its week (it was unverified, under no earlier hold).
     */
    weekCap: integer("week_cap"),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
  },
  (t) => [index("allowance_holds_expires_idx").on(t.expiresAt)],
);

import { sql } from "drizzle-orm";
import {
  boolean,
  check,
  index,
  integer,
  pgEnum,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from "drizzle-orm/pg-core";

/** Who writes: accounts with their sessions and email tokens, and guests before they sign up. */

const createdAt = () => timestamp("created_at", { withTimezone: true }).notNull().defaultNow();

export const users = pgTable(
  "users",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    /** Stored lower-cased and trimmed; unique. */
    email: text("email").notNull(),
    name: text("name"),
    passwordHash: text("password_hash").notNull(),
    emailVerified: boolean("email_verified").notNull().default(false),
    verifiedAt: timestamp("verified_at", { withTimezone: true }),
    credits: integer("credits").notNull().default(0),
    /** Monday (UTC, YYYY-MM-DD) of the last week whose allowance was granted. */
    lastWeeklyGrant: text("last_weekly_grant"),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex("users_email_unique").on(t.email),
    index("users_unverified_created_idx").on(t.emailVerified, t.createdAt),
    check("users_credits_non_negative", sql`${t.credits} >= 0`),
  ],
);

export const sessions = pgTable(
  "sessions",
  {
    /** The public half of the `id.secret` token. */
    id: text("id").primaryKey(),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    /** SHA-256 of the secret half, hex; compared in constant time. */
    secretHash: text("secret_hash").notNull(),
    createdAt: createdAt(),
    lastUsedAt: timestamp("last_used_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index("sessions_user_idx").on(t.userId),
    index("sessions_last_used_idx").on(t.lastUsedAt),
  ],
);

export const emailTokenPurpose = pgEnum("email_token_purpose", ["verify_email", "reset_password"]);

export const emailTokens = pgTable(
  "email_tokens",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    purpose: emailTokenPurpose("purpose").notNull(),
    /** SHA-256 of the token sent by e-mail, hex. */
    tokenHash: text("token_hash").notNull(),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    usedAt: timestamp("used_at", { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex("email_tokens_hash_unique").on(t.tokenHash),
    index("email_tokens_user_purpose_idx").on(t.userId, t.purpose),
    index("email_tokens_expires_idx").on(t.expiresAt),
  ],
);

export const guests = pgTable(
  "guests",
  {
    /** The value of the `guest_id` cookie. */
    id: text("id").primaryKey(),
    credits: integer("credits").notNull().default(0),
    /** Keyed hash of the client address that created the guest. */
    addressHash: text("address_hash").notNull(),
    /** Set when the guest registers from the same browser; trial texts move along. */
    claimedByUserId: uuid("claimed_by_user_id").references(() => users.id, {
      onDelete: "set null",
    }),
    createdAt: createdAt(),
  },
  (t) => [
    index("guests_address_idx").on(t.addressHash, t.createdAt),
    check("guests_credits_non_negative", sql`${t.credits} >= 0`),
  ],
);

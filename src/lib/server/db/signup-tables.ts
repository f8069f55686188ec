import { sql } from "drizzle-orm";
import { check, integer, pgTable, text, timestamp, uuid } from "drizzle-orm/pg-core";
import { users } from "./schema.ts";

/**
 * Who may register (issue 29, item 2): the operator's sign-up rule and the invites made
 * for it. Read on every registration, never remembered, so a change holds on every
 * instance at once.
 */

/**
 * The rule, in one row (`id` is always 1; no row means the default, open): `open`,
 * `invite` (an invite is needed) or `domains` (an address at one of `domains`, or an invite).
 */
export const signupRules = pgTable(
  "signup_rules",
  {
    id: integer("id").primaryKey().default(1),
    mode: text("mode").notNull(),
    domains: text("domains")
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check("signup_rules_one_row", sql`${t.id} = 1`),
    check("signup_rules_mode", sql`${t.mode} in ('open', 'invite', 'domains')`),
  ],
);

/**
 * An invite link, `/register?invite=<token>`: only the token's SHA-256 is kept, so the
 * link is shown once, when it is made. `uses` counts registrations through it, never past
 * `maxUses` (one conditional UPDATE, so two tabs on the last use make one account).
 */
export const signupInvites = pgTable(
  "signup_invites",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    tokenHash: text("token_hash").notNull().unique(),
    label: text("label"),
    maxUses: integer("max_uses").notNull(),
    uses: integer("uses").notNull().default(0),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    revokedAt: timestamp("revoked_at", { withTimezone: true }),
    createdBy: uuid("created_by").references(() => users.id, { onDelete: "set null" }),
    createdByEmail: text("created_by_email").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check("signup_invites_max_uses", sql`${t.maxUses} >= 1`),
    check("signup_invites_uses", sql`${t.uses} >= 0 and ${t.uses} <= ${t.maxUses}`),
  ],
);

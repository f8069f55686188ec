import { asc, desc, eq, like, sql } from "drizzle-orm";
import type { AccountDetail, AccountSummary, OpenedText } from "#shared/console.ts";
import type { CreditAdjustment } from "#shared/schemas/console.ts";
import { removeAccount, resendVerification } from "#server/auth/accounts.ts";
import type { SessionUser } from "#server/auth/sessions.ts";
import { getConfig } from "#server/config.ts";
import { applyWeeklyGrant, verifyAccountIn } from "#server/credits/allowances.ts";
import { emailHasher } from "#server/credits/allowance-holds.ts";
import { postCredit } from "#server/credits/ledger.ts";
import { creditsGranted } from "#server/metrics.ts";
import { listCreditActivity } from "#server/credits/status.ts";
import type { Database, Transaction } from "#server/db/index.ts";
import { UNIQUE_VIOLATION, sqlState } from "#server/db/errors.ts";
import { creditLedger, generations, users } from "#server/db/schema.ts";
import { AppError } from "#server/errors.ts";
import { countVoices } from "#server/voices/voices.ts";
import { recordOperatorAction } from "./audit.ts";

/** The accounts part of the console (DESIGN §7b); every change is recorded in the audit. */

type Operator = Pick<SessionUser, "id" | "email">;

const SEARCH_LIMIT = 20;

/** `%`, `_` and `\` in what the operator typed are letters, not patterns. */
function likePrefix(prefix: string): string {
  return `${prefix.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

/** Accounts whose address starts with `prefix` (addresses are stored lower-cased). */
export async function findAccounts(db: Database, prefix: string): Promise<AccountSummary[]> {
  const rows = await db
    .select({
      id: users.id,
      email: users.email,
      name: users.name,
      emailVerified: users.emailVerified,
      credits: users.credits,
      createdAt: users.createdAt,
    })
    .from(users)
    .where(like(users.email, likePrefix(prefix.toLowerCase())))
    .orderBy(asc(users.email))
    .limit(SEARCH_LIMIT);
  return rows.map((row) => ({ ...row, createdAt: row.createdAt.toISOString() }));
}

const DETAIL_ROWS = 50;

/** One account: its balance, its credit activity and its texts' metadata. */
export async function accountDetail(
  db: Database,
  userId: string,
  now: Date,
): Promise<AccountDetail | null> {
  // The balance the user would see now: this week's allowance first, as every read does.
  if (!(await applyWeeklyGrant(db, userId, now))) return null;
  const words = sql<number>`case when coalesce(btrim(${generations.generatedContent}), '') = '' then 0
    else array_length(regexp_split_to_array(btrim(${generations.generatedContent}), '\\s+'), 1) end`;
  const [[account], [ledger], voices, activity, texts] = await Promise.all([
    db
      .select({
        id: users.id,
        email: users.email,
        name: users.name,
        emailVerified: users.emailVerified,
        verifiedAt: users.verifiedAt,
        credits: users.credits,
        createdAt: users.createdAt,
        planId: sql<
          string | null
        >`(select a.plan_id from account_plans a where a.user_id = ${users.id})`,
      })
      .from(users)
      .where(eq(users.id, userId)),
    db
      .select({ sum: sql<number>`coalesce(sum(${creditLedger.delta}), 0)::int` })
      .from(creditLedger)
      .where(eq(creditLedger.userId, userId)),
    countVoices(db, userId),
    listCreditActivity(db, userId, 1, DETAIL_ROWS),
    db
      .select({
        id: generations.id,
        contentType: generations.contentType,
        language: generations.language,
        length: generations.length,
        status: generations.status,
        modelUsed: generations.modelUsed,
        words,
        createdAt: generations.createdAt,
      })
      .from(generations)
      .where(eq(generations.userId, userId))
      .orderBy(desc(generations.createdAt))
      .limit(DETAIL_ROWS),
  ]);
  if (!account) return null;
  return {
    account: {
      ...account,
      createdAt: account.createdAt.toISOString(),
      verifiedAt: account.verifiedAt?.toISOString() ?? null,
    },
    ledgerSum: ledger?.sum ?? 0,
    voices,
    activity: activity.entries,
    texts: texts.map((text) => ({
      ...text,
      words: Number(text.words ?? 0),
      createdAt: text.createdAt.toISOString(),
    })),
  };
}

function noAccount(): AppError {
  return new AppError("NOT_FOUND", "There is no account with this id.");
}

/** The account, locked for the rest of the transaction; 404 when there is none. */
async function lockAccount(
  tx: Transaction,
  userId: string,
): Promise<{ id: string; email: string; emailVerified: boolean; credits: number }> {
  const [account] = await tx
    .select({
      id: users.id,
      email: users.email,
      emailVerified: users.emailVerified,
      credits: users.credits,
    })
    .from(users)
    .where(eq(users.id, userId))
    .for("update");
  if (!account) throw noAccount();
  return account;
}

/**
 * Grants credits (a positive delta) or takes them back (a negative one) through the one
 * ledger writer, with the audit row in the same transaction. Taking back never makes a
 * balance negative: more than the account holds is refused, and nothing is written. The
 * week's allowance is applied first, so that it cannot swallow a grant made before it
 * (max(balance, 1000) would). A request id that was used already is refused as well: a
 * retried or doubled request is not a second grant.
 */
export async function adjustCredits(
  db: Database,
  operator: Operator,
  adjustment: CreditAdjustment,
  now: Date,
): Promise<{ credits: number }> {
  const { userId, delta, reason, requestId } = adjustment;
  if (!(await applyWeeklyGrant(db, userId, now))) throw noAccount();
  try {
    const adjusted = await db.transaction(async (tx) => {
      const account = await lockAccount(tx, userId);
      const credits = await postCredit(
        tx,
        { kind: "user", userId },
        {
          delta,
          reason: delta > 0 ? "operator_grant" : "operator_take_back",
          key: `operator:${requestId}`,
          now,
        },
      );
      if (credits === null) {
        throw new AppError(
          "CONFLICT",
          `This account holds ${account.credits} credits: no more than that can be taken back.`,
          { extra: { credits: account.credits } },
        );
      }
      await recordOperatorAction(tx, {
        operator,
        action: delta > 0 ? "grant_credits" : "take_back_credits",
        target: account,
        detail: { credits: Math.abs(delta), reason, balanceAfter: credits, requestId },
        now,
      });
      return { credits };
    });
    if (delta > 0) creditsGranted.inc({ kind: "operator" }, delta);
    return adjusted;
  } catch (error) {
    if (sqlState(error) === UNIQUE_VIOLATION) {
      throw new AppError("CONFLICT", "This change was made already (the same request twice).");
    }
    throw error;
  }
}

/** Marks an account verified by hand (with the verification's top-up), once. */
export async function verifyByOperator(
  db: Database,
  operator: Operator,
  userId: string,
  now: Date,
): Promise<void> {
  const hashEmail = await emailHasher(db);
  await db.transaction(async (tx) => {
    const account = await lockAccount(tx, userId);
    if (account.emailVerified) {
      throw new AppError("CONFLICT", "This account is verified already.");
    }
    await verifyAccountIn(tx, userId, now, hashEmail);
    await recordOperatorAction(tx, { operator, action: "verify_account", target: account, now });
  });
}

/** Sends a new verification link to an unverified account. */
export async function resendVerificationByOperator(
  db: Database,
  operator: Operator,
  userId: string,
  now: Date,
): Promise<void> {
  const account = await db.transaction(async (tx) => {
    const locked = await lockAccount(tx, userId);
    if (locked.emailVerified) {
      throw new AppError("CONFLICT", "This account is verified already.");
    }
    await recordOperatorAction(tx, {
      operator,
      action: "resend_verification",
      target: locked,
      now,
    });
    return locked;
  });
  await resendVerification(db, account.email, now);
}

/**
 * Deletes an account as its owner's own deletion does. The address typed again must be the
 * account's; an operator's account is not deleted from the console (its owner can, from
 * the profile), so that operators cannot lock one another out.
 */
export async function deleteByOperator(
  db: Database,
  operator: Operator,
  target: { userId: string; email: string },
  now: Date,
): Promise<void> {
  const hashEmail = await emailHasher(db);
  await db.transaction(async (tx) => {
    const account = await lockAccount(tx, target.userId);
    if (account.email !== target.email) {
      throw new AppError("VALIDATION_ERROR", "The address typed is not this account's.", {
        fieldErrors: { email: ["The address typed is not this account's."] },
      });
    }
    if (getConfig().OPERATOR_EMAILS.includes(account.email)) {
      throw new AppError("CONFLICT", "An operator's account is deleted from its own profile.");
    }
    await recordOperatorAction(tx, {
      operator,
      action: "delete_account",
      target: account,
      detail: { credits: account.credits },
      now,
    });
    await removeAccount(tx, account.id, now, hashEmail);
  });
}

/** An account's text itself, opened on purpose: the reading is recorded first. */
export async function openTextByOperator(
  db: Database,
  operator: Operator,
  generationId: string,
  now: Date,
): Promise<OpenedText> {
  return db.transaction(async (tx) => {
    const [row] = await tx
      .select({
        id: generations.id,
        subject: generations.subject,
        prompt: generations.content,
        text: generations.generatedContent,
        modelUsed: generations.modelUsed,
        createdAt: generations.createdAt,
        ownerId: users.id,
        ownerEmail: users.email,
      })
      .from(generations)
      .innerJoin(users, eq(users.id, generations.userId))
      .where(eq(generations.id, generationId));
    if (!row) throw new AppError("NOT_FOUND", "There is no account's text with this id.");
    const { ownerId, ownerEmail, ...text } = row;
    await recordOperatorAction(tx, {
      operator,
      action: "open_text",
      target: { id: ownerId, email: ownerEmail },
      // The subject too: the record names the text even after the text is deleted.
      detail: { generationId, subject: text.subject },
      now,
    });
    return { ...text, createdAt: text.createdAt.toISOString() };
  });
}

import { desc } from "drizzle-orm";
import type { AuditEntry } from "#shared/console.ts";
import type { SessionUser } from "#server/auth/sessions.ts";
import type { Database, Transaction } from "#server/db/index.ts";
import { operatorAudit } from "#server/db/schema.ts";

/** What an operator did from the console; every one is recorded (DESIGN §7b). */
export type OperatorAction =
  | "grant_credits"
  | "take_back_credits"
  | "resend_verification"
  | "verify_account"
  | "delete_account"
  | "open_text"
  | "approve_testimonial"
  | "reject_testimonial";

export interface OperatorActionRecord {
  operator: Pick<SessionUser, "id" | "email">;
  action: OperatorAction;
  /** The account acted on, if any. */
  target?: { id: string; email: string } | null;
  detail?: Record<string, unknown>;
  now: Date;
}

/**
 * Writes the audit row, inside the action's own transaction: an action is recorded if and
 * only if it happened.
 */
export async function recordOperatorAction(
  tx: Transaction | Database,
  record: OperatorActionRecord,
): Promise<void> {
  await tx.insert(operatorAudit).values({
    operatorId: record.operator.id,
    operatorEmail: record.operator.email,
    action: record.action,
    targetUserId: record.target?.id ?? null,
    targetEmail: record.target?.email ?? null,
    detail: record.detail ?? {},
    createdAt: record.now,
  });
}

export const AUDIT_PAGE_SIZE = 25;

/** The audit, newest first. */
export async function listOperatorActions(
  db: Database,
  page: number,
): Promise<{ entries: AuditEntry[]; hasMore: boolean }> {
  const rows = await db
    .select({
      id: operatorAudit.id,
      operatorEmail: operatorAudit.operatorEmail,
      action: operatorAudit.action,
      targetEmail: operatorAudit.targetEmail,
      detail: operatorAudit.detail,
      createdAt: operatorAudit.createdAt,
    })
    .from(operatorAudit)
    .orderBy(desc(operatorAudit.createdAt), desc(operatorAudit.id))
    .limit(AUDIT_PAGE_SIZE + 1)
    .offset((page - 1) * AUDIT_PAGE_SIZE);
  return {
    entries: rows
      .slice(0, AUDIT_PAGE_SIZE)
      .map((row) => ({ ...row, createdAt: row.createdAt.toISOString() })),
    hasMore: rows.length > AUDIT_PAGE_SIZE,
  };
}

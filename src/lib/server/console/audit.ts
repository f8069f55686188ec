import { desc, inArray } from "drizzle-orm";
import type { AuditEntry } from "#shared/console.ts";
import type { SessionUser } from "#server/auth/sessions.ts";
import type { Database, Transaction } from "#server/db/index.ts";
import { generations, operatorAudit, testimonials } from "#server/db/schema.ts";

/** What an operator did from the console; every one is recorded (DESIGN §7b). */
export type OperatorAction =
  | "grant_credits"
  | "take_back_credits"
  | "resend_verification"
  | "verify_account"
  | "delete_account"
  | "open_text"
  | "take_down_share"
  | "approve_testimonial"
  | "reject_testimonial"
  | "change_plan"
  | "create_plan"
  | "set_account_plan"
  | "set_domain_plan"
  | "set_signup_rules"
  | "create_invite"
  | "revoke_invite";

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

/** The audit, newest first, naming texts by subject and testimonials by their sender's name. */
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
  const shown = rows.slice(0, AUDIT_PAGE_SIZE);
  const names = await auditNames(db, shown);
  return {
    entries: shown.map((row) => ({
      ...row,
      createdAt: row.createdAt.toISOString(),
      textSubject:
        stringDetail(row.detail, "subject") ??
        names.subjects.get(idOf(row, "generationId")) ??
        null,
      testimonialName: names.senders.get(idOf(row, "testimonialId")) ?? null,
    })),
    hasMore: rows.length > AUDIT_PAGE_SIZE,
  };
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

function stringDetail(detail: Record<string, unknown>, name: string): string | undefined {
  const value = detail[name];
  return typeof value === "string" ? value : undefined;
}

/** A row's id of a text or a testimonial, if its detail holds a well-formed one. */
function idOf(row: { detail: Record<string, unknown> }, name: string): string {
  const id = stringDetail(row.detail, name) ?? "";
  return UUID.test(id) ? id : "";
}

/**
 * The subjects of the texts and the names of the testimonials a page of the audit mentions
 * by id: two lookups by primary key. (Rows written before a text's subject was recorded
 * with its opening; a deleted text keeps only its id.)
 */
async function auditNames(
  db: Database,
  rows: { detail: Record<string, unknown> }[],
): Promise<{ subjects: Map<string, string>; senders: Map<string, string> }> {
  const textIds = rows
    .filter((row) => stringDetail(row.detail, "subject") === undefined)
    .map((row) => idOf(row, "generationId"))
    .filter(Boolean);
  const testimonialIds = rows.map((row) => idOf(row, "testimonialId")).filter(Boolean);
  const [texts, sent] = await Promise.all([
    textIds.length === 0
      ? []
      : db
          .select({ id: generations.id, name: generations.subject })
          .from(generations)
          .where(inArray(generations.id, textIds)),
    testimonialIds.length === 0
      ? []
      : db
          .select({ id: testimonials.id, name: testimonials.name })
          .from(testimonials)
          .where(inArray(testimonials.id, testimonialIds)),
  ]);
  return {
    subjects: new Map(texts.map((row) => [row.id, row.name])),
    senders: new Map(sent.map((row) => [row.id, row.name])),
  };
}

import { and, count, desc, eq } from "drizzle-orm";
import type { Template } from "#shared/api/templates.ts";
import { isUuid } from "#shared/format.ts";
import { REASON, type FailureReason } from "#shared/failures.ts";
import type { NewTemplate, TemplateChanges, TemplateForm } from "#shared/schemas/templates.ts";
import { MAX_TEMPLATES } from "#shared/templates.ts";
import type { Database } from "#server/db/index.ts";
import { templates } from "#server/db/library-tables.ts";
import { users } from "#server/db/schema.ts";
import { failure, fieldFailures } from "#server/errors.ts";
import { findUseCase, keptFields, useCaseFieldProblems } from "#server/generation/use-cases.ts";
import { findVoice } from "#server/voices/voices.ts";

/**
 * My templates (issue 28): this module owns the `templates` table. Every function takes the
 * owner's id, so another account's template is never found (the API answers 404).
 */

const columns = {
  id: templates.id,
  name: templates.name,
  form: templates.form,
  createdAt: templates.createdAt,
  updatedAt: templates.updatedAt,
};

type TemplateRow = { [K in keyof typeof columns]: (typeof columns)[K]["_"]["data"] };

function toTemplate(row: TemplateRow): Template {
  return {
    ...row,
    form: row.form as TemplateForm,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

const own = (userId: string, templateId: string) =>
  and(eq(templates.id, templateId), eq(templates.userId, userId));

/** The user's templates, the last changed first. */
export async function listTemplates(db: Database, userId: string): Promise<Template[]> {
  const rows = await db
    .select(columns)
    .from(templates)
    .where(eq(templates.userId, userId))
    .orderBy(desc(templates.updatedAt), desc(templates.id));
  return rows.map(toTemplate);
}

/** One of the user's templates, or null (another's, a missing one, or no id at all). */
export async function findTemplate(
  db: Database,
  userId: string,
  templateId: string,
): Promise<Template | null> {
  if (!isUuid(templateId)) return null;
  const [row] = await db.select(columns).from(templates).where(own(userId, templateId)).limit(1);
  return row ? toTemplate(row) : null;
}

/**
 * A form as it is kept, checked as a text's would be: a use case that exists, its fields
 * against its definition (a required one may stay blank, to be filled when it is used),
 * and a voice of the owner's own. 400 with `fieldErrors` under `form.` otherwise.
 */
async function keptForm(db: Database, userId: string, form: TemplateForm): Promise<TemplateForm> {
  if (form.voiceId && !(await findVoice(db, userId, form.voiceId))) {
    throw failure("NOT_FOUND", "voiceNotFound");
  }
  if (form.kind !== "useCase") return form;
  const useCase = await findUseCase(form.useCase);
  if (!useCase) refuse({ "form.useCase": [REASON.useCaseUnknown] });
  const problems: Record<string, FailureReason[]> = {};
  for (const [key, reasons] of Object.entries(useCaseFieldProblems(useCase, form.fields))) {
    if (reasons[0] !== REASON.useCaseFieldMissing) problems[`form.${key}`] = reasons;
  }
  if (Object.keys(problems).length > 0) refuse(problems);
  return { ...form, fields: keptFields(useCase, form.fields) };
}

function refuse(problems: Record<string, FailureReason[]>): never {
  const first = Object.values(problems)[0]![0]!;
  throw failure("VALIDATION_ERROR", first, fieldFailures(problems));
}

/**
 * Saves a new template; 400 (`templateLimit`) past MAX_TEMPLATES. The account row is locked
 * first, so that two templates saved at once cannot both take the last place.
 */
export async function createTemplate(
  db: Database,
  userId: string,
  template: NewTemplate,
  now: Date,
): Promise<Template> {
  const form = await keptForm(db, userId, template.form);
  return db.transaction(async (tx) => {
    await tx.select({ id: users.id }).from(users).where(eq(users.id, userId)).for("update");
    const [kept] = await tx
      .select({ n: count() })
      .from(templates)
      .where(eq(templates.userId, userId));
    if ((kept?.n ?? 0) >= MAX_TEMPLATES) throw failure("VALIDATION_ERROR", "templateLimit");
    const [row] = await tx
      .insert(templates)
      .values({ userId, name: template.name, form, createdAt: now, updatedAt: now })
      .returning(columns);
    return toTemplate(row!);
  });
}

/** Renames one of the user's templates and/or replaces its form; null when not theirs. */
export async function updateTemplate(
  db: Database,
  userId: string,
  templateId: string,
  changes: TemplateChanges,
  now: Date,
): Promise<Template | null> {
  if (!isUuid(templateId)) return null;
  const form = changes.form ? await keptForm(db, userId, changes.form) : undefined;
  const [row] = await db
    .update(templates)
    .set({
      ...(changes.name !== undefined ? { name: changes.name } : {}),
      ...(form ? { form } : {}),
      updatedAt: now,
    })
    .where(own(userId, templateId))
    .returning(columns);
  return row ? toTemplate(row) : null;
}

/** Deletes one of the user's templates; false when it is not theirs. */
export async function deleteTemplate(
  db: Database,
  userId: string,
  templateId: string,
): Promise<boolean> {
  if (!isUuid(templateId)) return false;
  const deleted = await db
    .delete(templates)
    .where(own(userId, templateId))
    .returning({ id: templates.id });
  return deleted.length > 0;
}

import type { GenerationRequest } from "#shared/schemas/generation.ts";
import { deriveSubject } from "#shared/subject.ts";
import { fillPlaceholders, placeholderFields, placeholdersOf } from "#shared/templates.ts";
import type { CreditOwner } from "#server/credits/ledger.ts";
import type { Database } from "#server/db/index.ts";
import { failure, fieldFailures } from "#server/errors.ts";
import { keptFields, useCaseFieldProblems } from "#server/generation/use-cases.ts";
import { findTemplate } from "./templates.ts";

/**
 * A text written from one of the owner's templates (issue 28): the server reads the
 * template's description and checks the request's fields against its placeholders, as a
 * use case's (each required, a line long). The description and the values reach the writer
 * as data in the user message, apart (prompts.ts); what was typed under the fields follows
 * the description. A request without `templateId` passes as it is.
 */
export async function withTemplate(
  db: Database,
  owner: CreditOwner,
  request: GenerationRequest,
): Promise<GenerationRequest> {
  const { templateId, ...rest } = request;
  if (!templateId) return request;
  // A guest keeps no templates: another's id and a missing one read the same.
  const template = owner.kind === "user" ? await findTemplate(db, owner.userId, templateId) : null;
  if (!template) throw failure("NOT_FOUND", "templateNotFound");
  if (template.form.kind !== "description") {
    throw failure("VALIDATION_ERROR", "templateNotFillable");
  }
  const description = template.form.content;
  const found = placeholdersOf(description);
  const asFields = { fields: placeholderFields("names" in found ? found.names : []) };
  const problems = useCaseFieldProblems(asFields, request.fields ?? {});
  const first = Object.values(problems)[0]?.[0];
  if (first) throw failure("VALIDATION_ERROR", first, fieldFailures(problems));
  const fields = keptFields(asFields, request.fields ?? {});
  const content = [description, request.content].filter(Boolean).join("\n\n");
  return {
    ...rest,
    content,
    fields,
    subject: deriveSubject(fillPlaceholders(content, fields)),
  };
}

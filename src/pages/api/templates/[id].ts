import type { APIRoute } from "astro";
import type { TemplateAnswer } from "#shared/api/templates.ts";
import { templateChangesSchema } from "#shared/schemas/templates.ts";
import { systemNow } from "#server/clock.ts";
import { getDb } from "#server/db/index.ts";
import { failure } from "#server/errors.ts";
import { jsonResponse, readJsonBody } from "#server/http/api.ts";
import { requireUser } from "#server/http/auth-guards.ts";
import { consumeRateLimit } from "#server/rate-limit/index.ts";
import { deleteTemplate, updateTemplate } from "#server/templates/templates.ts";

export const prerender = false;

/** PATCH /api/templates/{id}: renames or changes one of the caller's; another's is 404. */
export const PATCH: APIRoute = async ({ request, locals, params }) => {
  const user = requireUser(locals);
  const changes = await readJsonBody(request, templateChangesSchema);
  await consumeRateLimit("templatesByAccount", user.id);
  const db = await getDb();
  const template = await updateTemplate(db, user.id, params.id ?? "", changes, systemNow());
  if (!template) throw failure("NOT_FOUND", "templateNotFound");
  const answer: TemplateAnswer = { success: true, template };
  return jsonResponse(answer);
};

/** DELETE /api/templates/{id}: deletes one of the caller's templates; another's is 404. */
export const DELETE: APIRoute = async ({ locals, params }) => {
  const user = requireUser(locals);
  await consumeRateLimit("templatesByAccount", user.id);
  if (!(await deleteTemplate(await getDb(), user.id, params.id ?? ""))) {
    throw failure("NOT_FOUND", "templateNotFound");
  }
  return jsonResponse({ success: true, message: "Template deleted." });
};

import type { APIRoute } from "astro";
import type { TemplateAnswer, TemplateList } from "#shared/api/templates.ts";
import { newTemplateSchema } from "#shared/schemas/templates.ts";
import { MAX_TEMPLATES } from "#shared/templates.ts";
import { systemNow } from "#server/clock.ts";
import { getDb } from "#server/db/index.ts";
import { jsonResponse, readJsonBody } from "#server/http/api.ts";
import { requireUser } from "#server/http/auth-guards.ts";
import { consumeRateLimit } from "#server/rate-limit/index.ts";
import { createTemplate, listTemplates } from "#server/templates/templates.ts";

export const prerender = false;

/** GET /api/templates: the caller's templates, the last changed first. */
export const GET: APIRoute = async ({ locals }) => {
  const user = requireUser(locals);
  const answer: TemplateList = {
    success: true,
    templates: await listTemplates(await getDb(), user.id),
    limit: MAX_TEMPLATES,
  };
  return jsonResponse(answer);
};

/** POST /api/templates: saves the form as a named template (at most MAX_TEMPLATES). */
export const POST: APIRoute = async ({ request, locals }) => {
  const user = requireUser(locals);
  const template = await readJsonBody(request, newTemplateSchema);
  await consumeRateLimit("templatesByAccount", user.id);
  const answer: TemplateAnswer = {
    success: true,
    template: await createTemplate(await getDb(), user.id, template, systemNow()),
  };
  return jsonResponse(answer, { status: 201 });
};

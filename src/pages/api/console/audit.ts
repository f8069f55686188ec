import type { APIRoute } from "astro";
import { auditQuerySchema } from "#shared/schemas/console.ts";
import { listOperatorActions } from "#server/console/audit.ts";
import { requireOperator } from "#server/console/operators.ts";
import { getDb } from "#server/db/index.ts";
import { jsonResponse, parseQuery } from "#server/http/api.ts";

export const prerender = false;

/** GET /api/console/audit?page=N: every operator action, newest first. */
export const GET: APIRoute = async ({ locals, url }) => {
  requireOperator(locals);
  const { page } = parseQuery(url, auditQuerySchema);
  return jsonResponse({ success: true, page, ...(await listOperatorActions(await getDb(), page)) });
};

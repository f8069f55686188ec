import type { APIRoute } from "astro";
import { historyQuerySchema } from "#shared/schemas/generation.ts";
import { getDb } from "#server/db/index.ts";
import { listHistory } from "#server/generation/history.ts";
import { jsonTextResponse, parseQuery } from "#server/http/api.ts";
import { requireUser } from "#server/http/auth-guards.ts";
import { budgetedJson } from "#server/rate-limit/read-budget.ts";

export const prerender = false;

/** GET /api/email/my?q=&contentType=&language=&page=&pageSize= */
export const GET: APIRoute = async ({ locals, url }) => {
  const query = parseQuery(url, historyQuerySchema);
  const user = requireUser(locals);
  const reader = { user, guestCookie: undefined, network: locals.clientNetwork };
  return jsonTextResponse(
    await budgetedJson(reader, async () => ({
      success: true,
      ...(await listHistory(await getDb(), user.id, query)),
    })),
  );
};

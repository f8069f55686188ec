import type { APIRoute } from "astro";
import { systemNow } from "#server/clock.ts";
import { requireOperator } from "#server/console/operators.ts";
import { consoleOverview } from "#server/console/overview.ts";
import { getDb } from "#server/db/index.ts";
import { jsonResponse } from "#server/http/api.ts";

export const prerender = false;

/** GET /api/console/overview: accounts, texts, credits, guests, writers and ads in figures. */
export const GET: APIRoute = async ({ locals }) => {
  requireOperator(locals);
  return jsonResponse({ success: true, ...(await consoleOverview(await getDb(), systemNow())) });
};

import type { APIRoute } from "astro";
import { accountQuerySchema } from "#shared/schemas/console.ts";
import { systemNow } from "#server/clock.ts";
import { accountDetail } from "#server/console/accounts.ts";
import { requireOperator } from "#server/console/operators.ts";
import { getDb } from "#server/db/index.ts";
import { AppError } from "#server/errors.ts";
import { jsonResponse, parseQuery } from "#server/http/api.ts";

export const prerender = false;

/** GET /api/console/account?id=…: balance, credit activity and texts' metadata of one account. */
export const GET: APIRoute = async ({ locals, url }) => {
  requireOperator(locals);
  const { id } = parseQuery(url, accountQuerySchema);
  const detail = await accountDetail(await getDb(), id, systemNow());
  if (!detail) throw new AppError("NOT_FOUND", "There is no account with this id.");
  return jsonResponse({ success: true, ...detail });
};

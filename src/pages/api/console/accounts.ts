import type { APIRoute } from "astro";
import { accountSearchSchema } from "#shared/schemas/console.ts";
import { findAccounts } from "#server/console/accounts.ts";
import { requireOperator } from "#server/console/operators.ts";
import { getDb } from "#server/db/index.ts";
import { jsonResponse, parseQuery } from "#server/http/api.ts";

export const prerender = false;

/** GET /api/console/accounts?email=prefix: up to 20 accounts whose address starts so. */
export const GET: APIRoute = async ({ locals, url }) => {
  requireOperator(locals);
  const { email } = parseQuery(url, accountSearchSchema);
  return jsonResponse({ success: true, accounts: await findAccounts(await getDb(), email) });
};

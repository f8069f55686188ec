import type { APIRoute } from "astro";
import { activityQuerySchema } from "#shared/schemas/credits.ts";
import { listCreditActivity } from "#server/credits/status.ts";
import { getDb } from "#server/db/index.ts";
import { jsonResponse, validationError } from "#server/http/api.ts";
import { requireUser } from "#server/http/auth-guards.ts";

export const prerender = false;

export const GET: APIRoute = async ({ locals, url }) => {
  const user = requireUser(locals);
  const query = activityQuerySchema.safeParse(Object.fromEntries(url.searchParams));
  if (!query.success) throw validationError(query.error);
  const { page, pageSize } = query.data;
  const activity = await listCreditActivity(await getDb(), user.id, page, pageSize);
  return jsonResponse({ success: true, page, pageSize, ...activity });
};

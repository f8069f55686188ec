import type { APIRoute } from "astro";
import { activityQuerySchema } from "../../../lib/shared/schemas/credits.ts";
import { listCreditActivity } from "../../../lib/server/credits/status.ts";
import { getDb } from "../../../lib/server/db/index.ts";
import { jsonResponse, validationError } from "../../../lib/server/http/api.ts";
import { requireUser } from "../../../lib/server/http/auth-guards.ts";

export const prerender = false;

export const GET: APIRoute = async ({ locals, url }) => {
  const user = requireUser(locals);
  const query = activityQuerySchema.safeParse(Object.fromEntries(url.searchParams));
  if (!query.success) throw validationError(query.error);
  const { page, pageSize } = query.data;
  const activity = await listCreditActivity(await getDb(), user.id, page, pageSize);
  return jsonResponse({ success: true, page, pageSize, ...activity });
};

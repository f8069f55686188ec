import type { APIRoute } from "astro";
import { getDb } from "../../../lib/server/db/index.ts";
import { listHistory } from "../../../lib/server/generation/service.ts";
import { jsonResponse } from "../../../lib/server/http/api.ts";
import { requireUser } from "../../../lib/server/http/auth-guards.ts";

export const prerender = false;

export const GET: APIRoute = async ({ locals }) => {
  const user = requireUser(locals);
  return jsonResponse({ success: true, generations: await listHistory(await getDb(), user.id) });
};

import type { APIRoute } from "astro";
import { getDb } from "#server/db/index.ts";
import { listHistory } from "#server/generation/generations.ts";
import { jsonResponse } from "#server/http/api.ts";
import { requireUser } from "#server/http/auth-guards.ts";

export const prerender = false;

export const GET: APIRoute = async ({ locals }) => {
  const user = requireUser(locals);
  return jsonResponse({ success: true, generations: await listHistory(await getDb(), user.id) });
};

import type { APIRoute } from "astro";
import { writersStatus } from "#server/generation/writers/registry.ts";
import { jsonResponse } from "#server/http/api.ts";

export const prerender = false;

/**
 * GET /api/email/engines: who writes the next text (an AI writer, or template drafts and
 * why) and what the local writer is doing, e.g. downloading at 45 %. No database.
 */
export const GET: APIRoute = () => jsonResponse({ success: true, ...writersStatus() });

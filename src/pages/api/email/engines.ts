import type { APIRoute } from "astro";
import { isOperator } from "#server/console/operators.ts";
import { writersStatus } from "#server/generation/writers/registry.ts";
import { jsonResponse } from "#server/http/api.ts";

export const prerender = false;

/**
 * GET /api/email/engines: who writes the next text (an AI writer, or template drafts and
 * why) and what the local writer is doing, e.g. downloading at 45 %; to an operator, why it
 * failed and when it tries again. No database beyond the session's.
 */
export const GET: APIRoute = ({ locals }) =>
  jsonResponse({ success: true, ...writersStatus(isOperator(locals.user)) });

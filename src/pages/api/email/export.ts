import type { APIRoute } from "astro";
import { libraryExportQuerySchema } from "#shared/schemas/library-export.ts";
import { systemNow } from "#server/clock.ts";
import { getDb } from "#server/db/index.ts";
import { libraryZip, startLibraryExport } from "#server/generation/library-zip.ts";
import { parseQuery } from "#server/http/api.ts";
import { requireUser } from "#server/http/auth-guards.ts";
import { consumeRateLimit, rateLimitedError } from "#server/rate-limit/index.ts";

export const prerender = false;

/** How long a refused export is told to wait while this process writes its most at once. */
const BUSY_RETRY_MS = 10_000;

/**
 * GET /api/email/export?versions=all: the caller's whole library as a zip of Markdown files
 * (issue 28, item 4), streamed as it is read; no Content-Length, since it is not known
 * until the last text is written.
 */
export const GET: APIRoute = async ({ locals, url }) => {
  const { versions } = parseQuery(url, libraryExportQuerySchema);
  const user = requireUser(locals);
  // A place first: an export refused as busy costs none of the account's hourly ones.
  const running = startLibraryExport();
  if (!running) throw rateLimitedError(BUSY_RETRY_MS);
  try {
    await consumeRateLimit("exportByAccount", user.id);
    const body = libraryZip(await getDb(), user.id, {
      allVersions: versions === "all",
      requestId: locals.requestId,
      onEnd: running.onEnd,
    });
    const day = systemNow().toISOString().slice(0, 10);
    return new Response(body, {
      headers: {
        "Content-Type": "application/zip",
        "Content-Disposition": `attachment; filename="ai-text-generator-texts-${day}.zip"`,
        "Cache-Control": "no-store",
      },
    });
  } catch (error) {
    running.onEnd();
    throw error;
  }
};

/**
 * Astro answers HEAD with GET's headers and drops its body unread and uncancelled: the
 * export's place would never be given back. A download is a GET.
 */
export const HEAD: APIRoute = () => new Response(null, { status: 405, headers: { Allow: "GET" } });

import type { APIRoute } from "astro";
import { generateRequestSchema } from "../../../lib/shared/schemas/generation.ts";
import { systemNow } from "../../../lib/server/clock.ts";
import { getDb } from "../../../lib/server/db/index.ts";
import { AppError } from "../../../lib/server/errors.ts";
import { GenerationCancelled } from "../../../lib/server/generation/engine.ts";
import { startGeneration } from "../../../lib/server/generation/service.ts";
import { jsonResponse, readJsonBody } from "../../../lib/server/http/api.ts";
import { payingOwner } from "../../../lib/server/http/guest.ts";
import { getLogger } from "../../../lib/server/logger.ts";
import { consumeRateLimit } from "../../../lib/server/rate-limit/index.ts";

export const prerender = false;

function wantsStream(request: Request): boolean {
  return (request.headers.get("accept") ?? "").includes("text/event-stream");
}

/**
 * POST /api/email/generate: JSON by default; server-sent events with
 * `Accept: text/event-stream` (start, delta, reset, done or error).
 */
export const POST: APIRoute = async ({ request, locals, cookies, url }) => {
  const body = await readJsonBody(request, generateRequestSchema);
  await consumeRateLimit("generateByAddress", locals.clientAddress);
  const db = await getDb();
  const owner = await payingOwner(db, locals, cookies, url, systemNow());
  await consumeRateLimit("generateByOwner", owner.kind === "user" ? owner.userId : owner.guestId);

  if (!wantsStream(request)) {
    const handle = await startGeneration(db, owner, body, { now: systemNow, paced: false });
    // A client gone before the first word gets its credits back; after that the text is kept.
    request.signal.addEventListener("abort", () => handle.controller.abort(), { once: true });
    try {
      const result = await handle.done;
      return jsonResponse({ success: true, ...result });
    } catch (error) {
      if (error instanceof GenerationCancelled) {
        throw new AppError("VALIDATION_ERROR", 400, "The generation was cancelled.");
      }
      throw error;
    }
  }

  const encoder = new TextEncoder();
  let stream!: ReadableStreamDefaultController<Uint8Array>;
  let open = true;
  let wrote = false;
  let onClientGone = () => {};
  const send = (event: string, data: unknown) => {
    if (!open) return;
    try {
      stream.enqueue(encoder.encode(`event: ${event}\ndata: ${JSON.stringify(data)}\n\n`));
    } catch {
      open = false;
    }
  };
  const body$ = new ReadableStream<Uint8Array>({
    start(controller) {
      stream = controller;
    },
    cancel() {
      open = false;
      onClientGone();
    },
  });

  const handle = await startGeneration(db, owner, body, {
    now: systemNow,
    paced: true,
    listener: {
      onDelta(text) {
        wrote = true;
        send("delta", { text });
      },
      onReset() {
        send("reset", {});
      },
    },
  });
  onClientGone = () => {
    // DESIGN §5: stopped before any text → refunded; later, the text finishes and is kept.
    if (!wrote) handle.controller.abort();
  };
  request.signal.addEventListener("abort", () => onClientGone(), { once: true });
  send("start", { generationId: handle.generationId, subject: handle.subject });

  handle.done
    .then((result) =>
      send("done", {
        modelUsed: result.modelUsed,
        credits: result.credits,
        generationId: result.generationId,
        subject: result.subject,
      }),
    )
    .catch((error: unknown) => {
      if (error instanceof AppError) send("error", { message: error.message, code: error.code });
      else if (!(error instanceof GenerationCancelled)) {
        getLogger().error({ err: error, requestId: locals.requestId }, "generation failed");
        send("error", {
          message: "Failed to generate text. Please try again.",
          code: "INTERNAL_ERROR",
        });
      }
    })
    .finally(() => {
      if (open) {
        open = false;
        try {
          stream.close();
        } catch {
          // Already closed by the client.
        }
      }
    });

  return new Response(body$, {
    headers: {
      "Content-Type": "text/event-stream; charset=utf-8",
      "Cache-Control": "no-store",
      "X-Accel-Buffering": "no",
    },
  });
};

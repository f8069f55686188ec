import type { GenerationStreamEvent } from "#shared/api/generation.ts";
import type { Generation } from "#server/generation/types.ts";
import { jsonResponse } from "./api.ts";

/**
 * A generation's events as an HTTP answer (DESIGN §5): one JSON body, or server-sent
 * events. Errors reach both as the service's AppError: thrown for JSON (the middleware
 * answers it in the error shape), an `error` event for a stream already under way.
 */

/** Waits for the end and answers `{ success, content, modelUsed, credits, … }`. */
export async function generationJson(generation: Generation): Promise<Response> {
  for await (const event of generation.events) {
    if (event.type === "done") return jsonResponse({ success: true, ...event.result });
    if (event.type === "error") throw event.error;
  }
  throw new Error("generation ended without a result");
}

/** One event by the stream's contract (src/lib/shared/api/generation.ts). */
function frame({ event, data }: GenerationStreamEvent): Uint8Array {
  return new TextEncoder().encode(`event: ${event}\ndata: ${JSON.stringify(data)}\n\n`);
}

/**
 * `start`, `queued` (place in line), `delta`, `reset`, then `done` or `error` (a passage
 * change's as src/lib/shared/api/generation.ts says). Pulled, not pushed: the next event is
 * taken only when the connection has taken the last one, so "the client has text" means
 * text went out, whatever the writer's pace; a closed connection is the client gone.
 */
export function generationEventStream(generation: Generation): Response {
  const events = generation.events[Symbol.asyncIterator]();
  const body = new ReadableStream<Uint8Array>(
    {
      async pull(controller) {
        const { value: event, done } = await events.next();
        if (done) return controller.close();
        if (event.type === "start") {
          controller.enqueue(
            frame({
              event: "start",
              data: {
                generationId: event.generationId,
                subject: event.subject,
                ...(event.passage ? { passage: event.passage } : {}),
              },
            }),
          );
        } else if (event.type === "delta") {
          controller.enqueue(frame({ event: "delta", data: { text: event.text } }));
        } else if (event.type === "queued") {
          controller.enqueue(frame({ event: "queued", data: { position: event.position } }));
        } else if (event.type === "reset") {
          controller.enqueue(frame({ event: "reset", data: {} }));
        } else if (event.type === "done") {
          // A passage change's stream carried the new passage only: its version goes too.
          const { content, ...rest } = event.result;
          const data = event.result.passage ? { ...rest, content } : rest;
          controller.enqueue(frame({ event: "done", data }));
        } else {
          controller.enqueue(
            frame({
              event: "error",
              data: {
                message: event.error.message,
                code: event.error.code,
                ...(event.error.reason ? { reason: event.error.reason } : {}),
              },
            }),
          );
        }
      },
      cancel() {
        generation.clientGone();
      },
    },
    { highWaterMark: 0 },
  );
  return new Response(body, {
    headers: {
      "Content-Type": "text/event-stream; charset=utf-8",
      "Cache-Control": "no-store",
      "X-Accel-Buffering": "no",
    },
  });
}

import type { FailedAnswer } from "#shared/api/failures.ts";
import type { GenerationRequestBody } from "#shared/schemas/generation.ts";
import type { GenerationStreamEvent } from "#shared/api/generation.ts";
import { readServerSentEvents } from "#shared/sse.ts";

/** One server-sent event of a text being written, its data parsed (its contract). */
export type GenerationEvent = GenerationStreamEvent;

/** What the server answered a request for a text. */
export type GenerationAnswer =
  /** Accepted: the text arrives as events. */
  | { kind: "stream"; events: AsyncGenerator<GenerationEvent, void, undefined> }
  /** Refused before writing (402 for credits, 429, 400, …), with its failure body if JSON. */
  | { kind: "refused"; status: number; body: FailedAnswer & { isGuest?: boolean } }
  /** A JSON answer where a stream was asked for: a proxy's or an old server's. */
  | { kind: "not-a-stream"; body: FailedAnswer & { success?: boolean } };

/**
 * Asks /api/email/generate for a text (spec §4). Throws what `fetch` throws when the
 * server cannot be reached, an `AbortError` once `signal` aborts.
 */
export async function requestGeneration(
  request: GenerationRequestBody,
  signal: AbortSignal,
): Promise<GenerationAnswer> {
  const response = await fetch("/api/email/generate", {
    method: "POST",
    credentials: "same-origin",
    signal,
    headers: { "content-type": "application/json", accept: "text/event-stream" },
    body: JSON.stringify(request),
  });
  if (!response.ok) {
    let body: FailedAnswer & { isGuest?: boolean } = {};
    try {
      body = (await response.json()) as typeof body;
    } catch {
      // Not JSON: the status says enough.
    }
    return { kind: "refused", status: response.status, body };
  }
  if (!(response.headers.get("content-type") ?? "").includes("text/event-stream")) {
    let body: FailedAnswer & { success?: boolean } = {};
    try {
      body = (await response.json()) as typeof body;
    } catch {
      // Not JSON either: the caller's generic message.
    }
    return { kind: "not-a-stream", body };
  }
  return { kind: "stream", events: readGenerationEvents(response.body!) };
}

/**
 * The events of an accepted request, in order. Ends when the stream ends; leaving the loop
 * early cancels the response body.
 */
async function* readGenerationEvents(
  body: ReadableStream<Uint8Array>,
): AsyncGenerator<GenerationEvent, void, undefined> {
  for await (const message of readServerSentEvents(body)) {
    // The server writes each event by the same contract (http/generation-answers.ts).
    yield {
      event: message.event,
      data: JSON.parse(message.data || "{}"),
    } as GenerationStreamEvent;
  }
}

/**
 * Stop: asks the server to end the text with the words that reached us, on whichever
 * instance writes it. True when it will; false when it would not or could not be reached.
 */
export async function cancelGeneration(generationId: string): Promise<boolean> {
  try {
    const response = await fetch("/api/email/cancel", {
      method: "POST",
      credentials: "same-origin",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ generationId }),
    });
    return response.ok && Boolean(((await response.json()) as { cancelled?: boolean }).cancelled);
  } catch {
    return false;
  }
}

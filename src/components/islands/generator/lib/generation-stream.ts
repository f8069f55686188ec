import type { FailedAnswer } from "#shared/api/failures.ts";
import type { GenerationRequestBody } from "#shared/schemas/generation.ts";
import type { GenerationStreamEvent } from "#shared/api/generation.ts";

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
  // The stream's reader loads while the server starts the text, not with the page
  // (decision 074): its first bytes take longer than the few KB of the parser.
  const reading = loadReader();
  // Handled where it is awaited; a refused request never awaits it.
  reading.catch(() => {});
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
  let read: ReadServerSentEvents;
  try {
    read = await reading;
  } catch (error) {
    // Like an unreachable server: the caller says so and offers Retry.
    await response.body?.cancel().catch(() => {});
    throw error;
  }
  return { kind: "stream", events: readGenerationEvents(response.body!, read) };
}

type ReadServerSentEvents = (typeof import("#shared/sse.ts"))["readServerSentEvents"];
let reader: Promise<ReadServerSentEvents> | null = null;

/** The server-sent events reader (`eventsource-parser`), loaded with the first request. */
function loadReader(): Promise<ReadServerSentEvents> {
  reader ??= import("#shared/sse.ts").then(
    (module) => module.readServerSentEvents,
    (error: unknown) => {
      // Loading failed (offline): the next request tries again.
      reader = null;
      throw error;
    },
  );
  return reader;
}

/**
 * The events of an accepted request, in order. Ends when the stream ends; leaving the loop
 * early cancels the response body.
 */
async function* readGenerationEvents(
  body: ReadableStream<Uint8Array>,
  readServerSentEvents: ReadServerSentEvents,
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

import { createParser, type EventSourceMessage } from "eventsource-parser";

export type { EventSourceMessage };

/**
 * The server-sent events of a response body, in order, parsed by `eventsource-parser`:
 * the one SSE reader for the client's generation stream, the OpenAI-compatible provider and the
 * tests. Ends when the body ends; breaking out of the loop cancels the body.
 */
export async function* readServerSentEvents(
  body: ReadableStream<Uint8Array>,
): AsyncGenerator<EventSourceMessage, void, undefined> {
  const pending: EventSourceMessage[] = [];
  const parser = createParser({ onEvent: (event) => pending.push(event) });
  const decoder = new TextDecoder();
  // A reader, not `for await` over the stream: Safari's streams are not async iterable.
  const reader = body.getReader();
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      parser.feed(decoder.decode(value, { stream: true }));
      while (pending.length > 0) yield pending.shift()!;
    }
    parser.feed(decoder.decode());
    while (pending.length > 0) yield pending.shift()!;
  } finally {
    await reader.cancel().catch(() => {});
    reader.releaseLock();
  }
}

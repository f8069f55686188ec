import { readServerSentEvents } from "#shared/sse.ts";
import type { Json } from "./json.ts";

export interface SseEvent {
  event: string;
  data: Json;
}

/** Reads a server-sent-events answer to its end (or until `stopAfter` says so). */
export async function readSse(
  response: Response,
  stopAfter?: (event: SseEvent) => boolean,
): Promise<SseEvent[]> {
  const events: SseEvent[] = [];
  for await (const message of readServerSentEvents(response.body!)) {
    const parsed = {
      event: message.event ?? "message",
      data: message.data === "" ? undefined : JSON.parse(message.data),
    };
    events.push(parsed);
    // Leaving the loop cancels the body.
    if (stopAfter?.(parsed)) break;
  }
  return events;
}

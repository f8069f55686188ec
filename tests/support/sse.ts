export interface SseEvent {
  event: string;
  data: any;
}

/** Reads a server-sent-events answer to its end (or until `stopAfter` says so). */
export async function readSse(
  response: Response,
  stopAfter?: (event: SseEvent) => boolean,
): Promise<SseEvent[]> {
  const events: SseEvent[] = [];
  const reader = response.body!.getReader();
  const decoder = new TextDecoder();
  let buffer = "";
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    buffer += decoder.decode(value, { stream: true });
    let boundary: number;
    while ((boundary = buffer.indexOf("\n\n")) !== -1) {
      const block = buffer.slice(0, boundary);
      buffer = buffer.slice(boundary + 2);
      const event = /^event: (.*)$/m.exec(block)?.[1] ?? "message";
      const data = /^data: (.*)$/m.exec(block)?.[1];
      const parsed = { event, data: data === undefined ? undefined : JSON.parse(data) };
      events.push(parsed);
      if (stopAfter?.(parsed)) {
        await reader.cancel();
        return events;
      }
    }
  }
  return events;
}

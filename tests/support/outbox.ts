import { waitFor } from "./wait.ts";

export interface OutboxMessage {
  id: string;
  to: string;
  subject: string;
  text: string;
  links: string[];
  createdAt: string;
}

/** The dev outbox's messages (newest first), read as a loopback client may. */
export async function readOutbox(baseUrl: string): Promise<OutboxMessage[]> {
  const response = await fetch(`${baseUrl}/dev/outbox?format=json`, {
    headers: { "x-forwarded-for": "127.0.0.1" },
  });
  return ((await response.json()) as { messages: OutboxMessage[] }).messages;
}

/**
 * Waits until the messages to `to` satisfy `condition` (mail goes out after the answer),
 * and returns them.
 */
export async function awaitOutbox(
  baseUrl: string,
  to: string,
  condition: (messages: OutboxMessage[]) => boolean,
): Promise<OutboxMessage[]> {
  return waitFor(
    `the expected messages to ${to} in the dev outbox`,
    async () => (await readOutbox(baseUrl)).filter((m) => m.to === to),
    { done: condition },
  );
}

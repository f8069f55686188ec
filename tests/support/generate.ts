import { expect } from "vitest";
import type { ChatFake } from "../fakes/chat-completions.ts";
import type { ApiClient, ApiResponse } from "./client.ts";
import { waitFor } from "./wait.ts";

/** The text most generation tests ask for: an e-mail whose subject the server can find. */
export const QUARTERLY_EMAIL = {
  content: "Write an email to my team about the quarterly results.",
  language: "english",
  contentType: "email",
  tone: "standard",
};

/**
 * POSTs a text to generate as the client's browser would (its address, cookies and
 * Sec-Fetch-Site), through fetch so that the answer can be read as it streams: as
 * server-sent events with `stream` (the default), as JSON without.
 */
export function postGenerate(
  baseUrl: string,
  client: ApiClient,
  body: unknown,
  options: { stream?: boolean; signal?: AbortSignal } = {},
): Promise<Response> {
  const { stream = true, signal } = options;
  return fetch(`${baseUrl}/api/email/generate`, {
    method: "POST",
    signal,
    headers: {
      ...client.browserHeaders(),
      "content-type": "application/json",
      ...(stream ? { accept: "text/event-stream" } : {}),
    },
    body: JSON.stringify(body),
  });
}

/** A template draft's answer: written by no model, for `reason`, and free (`credits` left). */
export function expectTemplateDraft(response: ApiResponse, reason: string, credits: number): void {
  expect(response.status).toBe(200);
  expect(response.body).toMatchObject({
    success: true,
    modelUsed: "local",
    templateReason: reason,
    credits,
  });
}

/** The client's balance, as /api/credits/status gives it. */
export async function balanceOf(client: ApiClient): Promise<number> {
  return (await client.get("/api/credits/status")).body.credits as number;
}

/**
 * Sends requests together with the writer's gate shut, and opens it only once each one was
 * answered or waits at the writer: those that reached the writer are then in flight at
 * once, however slowly the machine let them arrive, and none has finished. Answers in the
 * order sent.
 */
export async function allInFlightAtOnce<T>(
  writer: ChatFake,
  sends: (() => Promise<T>)[],
): Promise<T[]> {
  const gate = writer.shut();
  let answered = 0;
  const pending = sends.map((send) => send().finally(() => answered++));
  try {
    await Promise.race([
      waitFor("every request answered or at the writer", () => answered + gate.held, {
        done: (accounted) => accounted >= sends.length,
        timeoutMs: 60_000,
      }),
      Promise.all(pending),
    ]);
  } finally {
    gate.open();
  }
  return Promise.all(pending);
}

import type { ApiClient } from "./client.ts";

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

/** The client's balance, as /api/credits/status gives it. */
export async function balanceOf(client: ApiClient): Promise<number> {
  return (await client.get("/api/credits/status")).body.credits as number;
}

import { randomUUID } from "node:crypto";

const REQUEST_ID = /^[A-Za-z0-9._-]{8,64}$/;

/** The client's X-Request-Id when it is a sane one, else a new id, for logs and answers. */
export function requestIdFrom(given: string | string[] | null | undefined): string {
  return typeof given === "string" && REQUEST_ID.test(given) ? given : randomUUID();
}

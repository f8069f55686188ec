import type { z } from "zod";
import { AppError, failure, failureBody, fieldFailures, isAnswerReason } from "#server/errors.ts";

/** API bodies stop here (DESIGN §8); the adapter's own limit is 1 MiB for everything else. */
export const MAX_API_BODY_BYTES = 16 * 1024;

/** An edited text's JSON: 60,000 characters, which JSON may escape to six bytes each. */
export const EDIT_BODY_BYTES = 512 * 1024;

/** A person's own text's JSON: 6,000 characters, escaped, with room to spare (issue 26). */
export const OWN_TEXT_BODY_BYTES = 64 * 1024;

/**
 * The endpoints that take more than 16 KiB. The middleware's early check of a declared
 * length and the endpoint's own read use the same figure, so that a long text one lets
 * through is not refused by the other.
 */
const LARGER_BODIES: Readonly<Record<string, number>> = {
  // A text tool's text is a field of a text's request (issue 26).
  "/api/email/generate": OWN_TEXT_BODY_BYTES,
  "/api/email/edit": EDIT_BODY_BYTES,
  "/api/email/own": OWN_TEXT_BODY_BYTES,
};

/** The most bytes the endpoint at this path reads (the path as the router sees it). */
export function apiBodyLimit(pathname: string): number {
  const path = pathname.toLowerCase().replace(/\/+$/, "");
  // The API's per-use-case endpoint (issue 29) carries a text tool's text too.
  if (path.startsWith("/api/v1/use-cases/")) return OWN_TEXT_BODY_BYTES;
  return LARGER_BODIES[path] ?? MAX_API_BODY_BYTES;
}

const JSON_HEADERS = {
  "Content-Type": "application/json; charset=utf-8",
  "Cache-Control": "no-store",
};

/**
 * What an /api address that no endpoint claims answers; the console's endpoints answer the
 * same to everyone but operators, so that nothing tells them apart (DESIGN §7b).
 */
export function noApiEndpoint(): AppError {
  return new AppError("NOT_FOUND", "No API endpoint at this address.");
}

export function jsonResponse(body: unknown, init: ResponseInit = {}): Response {
  return jsonTextResponse(JSON.stringify(body), init);
}

/** An answer whose JSON is already written (its size was needed first). */
export function jsonTextResponse(json: string, init: ResponseInit = {}): Response {
  const headers = new Headers(init.headers);
  for (const [name, value] of Object.entries(JSON_HEADERS)) {
    if (!headers.has(name)) headers.set(name, value);
  }
  return new Response(json, { ...init, headers });
}

export function errorResponse(error: AppError): Response {
  return jsonResponse(failureBody(error), { status: error.status, headers: error.headers });
}

export function isJsonContentType(value: string | null): boolean {
  if (!value) return false;
  const type = value.split(";")[0]!.trim().toLowerCase();
  return type === "application/json" || (type.startsWith("application/") && type.endsWith("+json"));
}

/** Reads at most `limit` bytes of a body; a longer one is refused without reading the rest. */
async function readLimitedText(request: Request, limit: number): Promise<string> {
  if (!request.body) return "";
  const reader = request.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > limit) {
      await reader.cancel().catch(() => {});
      throw payloadTooLarge(limit);
    }
    chunks.push(value);
  }
  try {
    return new TextDecoder("utf-8", { fatal: true }).decode(Buffer.concat(chunks));
  } catch {
    throw new AppError("INVALID_JSON", "The request body is not valid UTF-8.");
  }
}

export function payloadTooLarge(limit = MAX_API_BODY_BYTES): AppError {
  return new AppError(
    "PAYLOAD_TOO_LARGE",
    `The request body is too large (at most ${limit / 1024} KiB).`,
  );
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    throw new AppError("INVALID_JSON", "The request body is not valid JSON.");
  }
}

const NUL_MESSAGE = "Text may not contain NUL characters.";
const MALFORMED_MESSAGE = "Text must be well-formed Unicode: it holds a lone surrogate character.";

/**
 * What is wrong with a string the database could not store: PostgreSQL refuses a NUL in
 * text, and a lone UTF-16 surrogate (which JSON's `\uD800` escape can make) in jsonb and
 * in UTF-8. Such a value would fail deep inside a query; it is refused up front.
 */
function textProblem(text: string): string | null {
  if (text.includes("\u0000")) return NUL_MESSAGE;
  return text.isWellFormed() ? null : MALFORMED_MESSAGE;
}

/**
 * Fields whose strings, or whose keys, the database could not store, with the reason. A
 * bad key is reported on the object that holds it, so the answer never echoes it.
 */
function unstorableFields(value: unknown): [field: string, message: string][] {
  const fields: [string, string][] = [];
  // Iterative: a body may nest thousands of levels deep (it still fits in 16 KiB).
  const pending: { item: unknown; path: string }[] = [{ item: value, path: "" }];
  while (pending.length > 0) {
    const { item, path } = pending.pop()!;
    if (typeof item === "string") {
      const problem = textProblem(item);
      if (problem) fields.push([path || "body", problem]);
    } else if (typeof item === "object" && item !== null) {
      for (const [key, child] of Object.entries(item)) {
        const problem = textProblem(key);
        if (problem) fields.push([path || "body", problem]);
        else pending.push({ item: child, path: path ? `${path}.${key}` : key });
      }
    }
  }
  return fields;
}

function assertStorableText(value: unknown): void {
  const fields = unstorableFields(value);
  if (fields.length === 0) return;
  // A Map, not an object: a field may be called `__proto__`.
  const byField = new Map<string, Set<string>>();
  for (const [field, message] of fields)
    byField.set(field, (byField.get(field) ?? new Set()).add(message));
  throw new AppError("VALIDATION_ERROR", fields[0]![1], {
    fieldErrors: Object.fromEntries(
      [...byField].map(([field, messages]) => [field, [...messages]]),
    ),
  });
}

/**
 * Maps zod issues to field failures, the first issue's as the whole failure's. A shared
 * schema's message is a failure's reason: the answer carries its English and its key.
 */
export function validationError(error: z.ZodError): AppError {
  const problems: Record<string, string[]> = {};
  for (const issue of error.issues) {
    const field = issue.path.length > 0 ? issue.path.join(".") : "body";
    (problems[field] ??= []).push(issue.message);
  }
  const first = error.issues[0]?.message ?? "Invalid request.";
  const options = fieldFailures(problems);
  return isAnswerReason(first)
    ? failure("VALIDATION_ERROR", first, options)
    : new AppError("VALIDATION_ERROR", first, options);
}

/**
 * Reads a JSON body and validates it with the request's shared zod schema: 415 for
 * another content type, 413 past 16 KiB (or `maxBytes`), 400 for broken JSON, text the
 * database cannot store (anywhere in the body) or a failed rule.
 */
export async function readJsonBody<Schema extends z.ZodType>(
  request: Request,
  schema: Schema,
  { maxBytes = MAX_API_BODY_BYTES } = {},
): Promise<z.infer<Schema>> {
  if (!isJsonContentType(request.headers.get("content-type"))) {
    throw new AppError("UNSUPPORTED_MEDIA_TYPE", "Send the request body as application/json.");
  }
  const value = parseJson(await readLimitedText(request, maxBytes));
  assertStorableText(value);
  const parsed = schema.safeParse(value);
  if (!parsed.success) throw validationError(parsed.error);
  return parsed.data;
}

/**
 * For calls that take no fields (logout, starting an ad): no body, or an empty JSON
 * object. Anything else is a malformed request, not something to ignore.
 */
export async function readEmptyJsonBody(request: Request): Promise<void> {
  const length = request.headers.get("content-length");
  if ((length === null || length === "0") && !request.headers.has("transfer-encoding")) return;
  const text = await readLimitedText(request, MAX_API_BODY_BYTES);
  if (text.trim() === "") return;
  const value = parseJson(text);
  if (
    typeof value !== "object" ||
    value === null ||
    Array.isArray(value) ||
    Object.keys(value).length > 0
  ) {
    throw new AppError("VALIDATION_ERROR", "This call takes no fields.");
  }
}

/**
 * Validates a URL's query with a shared zod schema: each name's first value, an empty
 * value the same as none; 400 with `fieldErrors` for a failed rule.
 */
export function parseQuery<Schema extends z.ZodType>(url: URL, schema: Schema): z.infer<Schema> {
  const values: Record<string, string> = Object.create(null);
  for (const [name, value] of url.searchParams) {
    if (value !== "" && !Object.hasOwn(values, name)) values[name] = value;
  }
  assertStorableText(values);
  const parsed = schema.safeParse(values);
  if (!parsed.success) throw validationError(parsed.error);
  return parsed.data;
}

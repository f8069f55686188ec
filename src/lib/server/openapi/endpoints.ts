import type { z } from "zod";
import { adEventSchema } from "#shared/schemas/ads.ts";
import { newApiKeySchema } from "#shared/schemas/api-keys.ts";
import {
  deleteAccountSchema,
  emailOnlySchema,
  loginSchema,
  registerSchema,
  resetPasswordSchema,
} from "#shared/schemas/auth.ts";
import { activityQuerySchema, adSessionIdSchema } from "#shared/schemas/credits.ts";
import { folderChangesSchema, newFolderSchema, textFolderSchema } from "#shared/schemas/folders.ts";
import {
  editedTextSchema,
  generationIdSchema,
  generationRequestSchema,
  historyQuerySchema,
} from "#shared/schemas/generation.ts";
import { libraryExportQuerySchema } from "#shared/schemas/library-export.ts";
import { ownTextSchema } from "#shared/schemas/own-text.ts";
import { newShareSchema } from "#shared/schemas/shares.ts";
import { newTemplateSchema, templateChangesSchema } from "#shared/schemas/templates.ts";
import { testimonialSubmissionSchema } from "#shared/schemas/testimonials.ts";
import { newVoiceSchema, voiceChangesSchema } from "#shared/schemas/voices.ts";

/**
 * Every public endpoint under src/pages/api/, one entry each, with the zod schemas it
 * validates its body and query with: the one list `/api/openapi.json` is made from
 * (document.ts), and that tests/api/public-api.test.ts compares with the route files, so
 * that a new endpoint without an entry fails the suite (decision 016).
 *
 * Left out: the operator console (`/api/console/*`: operators only, and every other caller
 * gets the unknown address's 404), the moderation bot's API (`/api/moderation/*`: its own
 * operator-set token) and the catch-all `[...path].ts` (the JSON 404). Nothing dev-only
 * lives under /api (the dev outbox is /dev/outbox).
 */

export type HttpMethod = "GET" | "POST" | "PATCH" | "DELETE";

/**
 * Who may call: `anyone` (a guest too; a session or key is read when sent), `account`
 * (signed in: 401 otherwise), `verified` (a verified address: 403 otherwise).
 */
export type Access = "anyone" | "account" | "verified";

export interface ApiEndpoint {
  method: HttpMethod;
  /** The OpenAPI path: `{name}` for a route file's `[name]`. */
  path: string;
  tag: string;
  summary: string;
  access: Access;
  /** The JSON body's schema, as the endpoint validates it. */
  body?: z.ZodType;
  /** The query's schema, as the endpoint validates it. */
  query?: z.ZodObject;
  /** The answer's status (200 unless said) and what it holds. */
  status?: number;
  answer: string;
  /** Answers `text/event-stream` too, with `Accept: text/event-stream`. */
  streams?: boolean;
  /**
   * The per-use-case endpoint: the document lists one path per use case in its place,
   * each typed by that use case's own schema (useCaseApiSchema).
   */
  perUseCase?: boolean;
}

const TEXT_ANSWER = "`{ success, content, modelUsed, credits, subject, generationId }`";

// A table: one endpoint a line.
// prettier-ignore
export const API_ENDPOINTS: readonly ApiEndpoint[] = [
  // One typed path a use case (listed first: what a script calls)
  { method: "POST", path: "/api/v1/use-cases/{slug}", tag: "Use cases", access: "anyone", streams: true, perUseCase: true, summary: "Write a use case's text", answer: `${TEXT_ANSWER}; 402 \`INSUFFICIENT_CREDITS\` with \`isGuest\`.` },
  // Accounts
  { method: "GET", path: "/api/auth/me", tag: "Account", access: "anyone", summary: "Who is signed in", answer: "`{ success, user }`: `user` null without credentials; 401 for a bad token." },
  { method: "POST", path: "/api/auth/register", tag: "Account", access: "anyone", body: registerSchema, status: 201, summary: "Register", answer: "`{ success, token, isVerified, message }`, signed in; an address that has an account gets the same answer, with a token that signs nobody in." },
  { method: "POST", path: "/api/auth/login", tag: "Account", access: "anyone", body: loginSchema, summary: "Sign in", answer: "`{ success, token, isVerified, message }`; 401 for a wrong address or password; 429 with `Retry-After` past the failure limits." },
  { method: "POST", path: "/api/auth/logout", tag: "Account", access: "anyone", summary: "Sign out", answer: "`{ success, message }`: the session is deleted on the server." },
  { method: "POST", path: "/api/auth/forgot-password", tag: "Account", access: "anyone", body: emailOnlySchema, summary: "Mail a password reset link", answer: "`{ success, message }` for any valid address." },
  { method: "POST", path: "/api/auth/reset-password", tag: "Account", access: "anyone", body: resetPasswordSchema, summary: "Set a new password with a reset link's token", answer: "`{ success, message }`; signs the account out everywhere." },
  { method: "POST", path: "/api/auth/resend-verification", tag: "Account", access: "anyone", body: emailOnlySchema, summary: "Mail the verification link again", answer: "`{ success, message }` for any valid address." },
  { method: "GET", path: "/api/auth/verify-email", tag: "Account", access: "anyone", status: 302, summary: "Verify an address (the mailed link)", answer: "A redirect to `/login?verified=true` or `false`." },
  { method: "POST", path: "/api/auth/delete-account", tag: "Account", access: "account", body: deleteAccountSchema, summary: "Delete the signed-in account", answer: "`{ success, message }`; everything of the account goes with it." },
  // Credits and ads
  { method: "GET", path: "/api/credits/status", tag: "Credits", access: "anyone", summary: "The caller's credits", answer: "`{ credits, hasCredits, isGuest, costPerUse, nextResetTime, … }`." },
  { method: "GET", path: "/api/credits/activity", tag: "Credits", access: "account", query: activityQuerySchema, summary: "The credit ledger, newest first", answer: "`{ entries, hasMore }`." },
  { method: "POST", path: "/api/credits/ad-session", tag: "Credits", access: "verified", status: 201, summary: "Open an ad session", answer: "`{ adSessionId, readyAt, ad }` (200 with the one already open)." },
  { method: "POST", path: "/api/credits/ad-event", tag: "Credits", access: "verified", body: adEventSchema, summary: "Count an ad's impression, completion or click", answer: "`{ success, counted }`." },
  { method: "POST", path: "/api/credits/watch-ad", tag: "Credits", access: "verified", body: adSessionIdSchema, summary: "Collect an ad's credits", answer: "`{ creditsEarned, credits }` once the ad has run; 5 a day." },
  // Texts
  { method: "POST", path: "/api/email/generate", tag: "Texts", access: "anyone", body: generationRequestSchema, streams: true, summary: "Write a text (the web's form)", answer: `${TEXT_ANSWER}; 402 \`INSUFFICIENT_CREDITS\` with \`isGuest\`.` },
  { method: "POST", path: "/api/email/cancel", tag: "Texts", access: "anyone", body: generationIdSchema, summary: "Stop a text being written", answer: '`{ success, cancelled }`; the stream ends with `done` (`modelUsed: "stopped"`).' },
  { method: "POST", path: "/api/email/edit", tag: "Texts", access: "anyone", body: editedTextSchema, summary: "Keep a text changed by hand as a new version", answer: "`{ success, generationId, created }`." },
  { method: "POST", path: "/api/email/own", tag: "Texts", access: "anyone", body: ownTextSchema, summary: "Keep one's own text to work on", answer: "`{ success, generationId, created, item }`." },
  { method: "GET", path: "/api/email/my", tag: "Texts", access: "account", query: historyQuerySchema, summary: "The signed-in user's texts", answer: "`{ success, generations, total, page, pageSize }`, newest first." },
  { method: "GET", path: "/api/email/trial", tag: "Texts", access: "anyone", summary: "A guest's newest texts", answer: "`{ success, generations }`: the guest cookie's 10 newest finished texts." },
  { method: "GET", path: "/api/email/text/{id}", tag: "Texts", access: "anyone", summary: "One of the caller's texts, whole", answer: "`{ success, id, generatedContent }`; 404 for another's." },
  { method: "POST", path: "/api/email/text/{id}/folder", tag: "Folders", access: "account", body: textFolderSchema, summary: "File a text in a folder, or take it out", answer: "`{ success, rootId, folderId }`." },
  { method: "GET", path: "/api/email/export", tag: "Texts", access: "account", query: libraryExportQuerySchema, summary: "The whole library as a zip of Markdown files", answer: "`application/zip`, streamed." },
  { method: "DELETE", path: "/api/email/delete/{id}", tag: "Texts", access: "account", summary: "Delete a text", answer: "`{ success, message }`; 404 for another's." },
  { method: "GET", path: "/api/email/engines", tag: "Texts", access: "anyone", summary: "Who writes the next text", answer: "`{ success, … }`: the AI writer, or template drafts and why; the local writer's state." },
  // Voices, folders, templates, shares
  { method: "GET", path: "/api/voices", tag: "Voices", access: "account", summary: "The caller's saved voices", answer: "`{ success, voices, limit }`." },
  { method: "POST", path: "/api/voices", tag: "Voices", access: "account", body: newVoiceSchema, status: 201, summary: "Save a voice", answer: "`{ success, voice }`; 409 past 10 voices." },
  { method: "PATCH", path: "/api/voices/{id}", tag: "Voices", access: "account", body: voiceChangesSchema, summary: "Change a voice", answer: "`{ success, voice }`; 404 for another's." },
  { method: "DELETE", path: "/api/voices/{id}", tag: "Voices", access: "account", summary: "Delete a voice", answer: "`{ success, message }`; 404 for another's." },
  { method: "GET", path: "/api/folders", tag: "Folders", access: "account", summary: "The caller's folders", answer: "`{ success, folders, limit }`." },
  { method: "POST", path: "/api/folders", tag: "Folders", access: "account", body: newFolderSchema, status: 201, summary: "Make a folder", answer: "`{ success, folder }`; 409 for a name taken." },
  { method: "PATCH", path: "/api/folders/{id}", tag: "Folders", access: "account", body: folderChangesSchema, summary: "Rename a folder or set its voice", answer: "`{ success, folder }`; 404 for another's." },
  { method: "DELETE", path: "/api/folders/{id}", tag: "Folders", access: "account", summary: "Delete a folder (its texts are kept)", answer: "`{ success, message }`; 404 for another's." },
  { method: "GET", path: "/api/templates", tag: "Templates", access: "account", summary: "The caller's templates", answer: "`{ success, templates, limit }`." },
  { method: "POST", path: "/api/templates", tag: "Templates", access: "account", body: newTemplateSchema, status: 201, summary: "Save a template", answer: "`{ success, template }`." },
  { method: "PATCH", path: "/api/templates/{id}", tag: "Templates", access: "account", body: templateChangesSchema, summary: "Rename a template or replace its form", answer: "`{ success, template }`; 404 for another's." },
  { method: "DELETE", path: "/api/templates/{id}", tag: "Templates", access: "account", summary: "Delete a template", answer: "`{ success, message }`; 404 for another's." },
  { method: "GET", path: "/api/shares", tag: "Shares", access: "account", summary: "The caller's share links", answer: "`{ success, shares }`, newest first." },
  { method: "POST", path: "/api/shares", tag: "Shares", access: "verified", body: newShareSchema, status: 201, summary: "Share a text by link", answer: "`{ success, share, created }` (200 with the link made before)." },
  { method: "DELETE", path: "/api/shares/{id}", tag: "Shares", access: "account", summary: "Revoke a share link", answer: "`{ success, message }`; 404 for another's." },
  // API keys (a session only: a key is refused here with 403)
  { method: "GET", path: "/api/keys", tag: "API keys", access: "account", summary: "The caller's API keys", answer: "`{ success, keys, limit }`: name, prefix, created and last used; never a key itself." },
  { method: "POST", path: "/api/keys", tag: "API keys", access: "verified", body: newApiKeySchema, status: 201, summary: "Make an API key", answer: "`{ success, key, secret }`: `secret` is the key in full, this once; 400 past 10 keys." },
  { method: "DELETE", path: "/api/keys/{id}", tag: "API keys", access: "account", summary: "Revoke an API key", answer: "`{ success, message }`: refused on every instance at once; 404 for another's." },
  // Testimonials, and this document
  { method: "POST", path: "/api/testimonial/submit", tag: "Site", access: "anyone", body: testimonialSubmissionSchema, status: 201, summary: "Send a testimonial for review", answer: "`{ success, message }`; 3 an hour per address." },
  { method: "GET", path: "/api/testimonials", tag: "Site", access: "anyone", summary: "Approved testimonials", answer: "`{ success, testimonials }`, newest first." },
  { method: "GET", path: "/api/openapi.json", tag: "Site", access: "anyone", summary: "This document", answer: "The OpenAPI 3.1 document." },
];

import type { FailureBody } from "#shared/api/failures.ts";
import {
  API_KEY_FAILURES,
  isApiKeyFailureReason,
  type ApiKeyFailureReason,
} from "#shared/api-keys.ts";
import { FAILURES, isFailureReason, type FailureReason } from "#shared/failures.ts";
import {
  LIBRARY_FAILURES,
  isLibraryFailureReason,
  type LibraryFailureReason,
} from "#shared/library-failures.ts";
import {
  SIGNUP_FAILURES,
  isSignupFailureReason,
  type SignupFailureReason,
} from "#shared/signup-failures.ts";

/**
 * A failure's reason: a shared one, one of the library's dialogs (library-failures.ts) or
 * of the profile's API keys (api-keys.ts), of sign-up rules (signup-failures.ts).
 */
export type AnswerReason =
  FailureReason | LibraryFailureReason | ApiKeyFailureReason | SignupFailureReason;

const ENGLISH: Readonly<Record<AnswerReason, string>> = {
  ...FAILURES,
  ...LIBRARY_FAILURES,
  ...API_KEY_FAILURES,
  ...SIGNUP_FAILURES,
};

export function isAnswerReason(message: unknown): message is AnswerReason {
  return (
    isFailureReason(message) ||
    isLibraryFailureReason(message) ||
    isApiKeyFailureReason(message) ||
    isSignupFailureReason(message)
  );
}

/** The one way a request fails on purpose (STYLE §3): a code, its HTTP status, a message. */
export const STATUS_OF = {
  VALIDATION_ERROR: 400,
  BAD_REQUEST: 400,
  INVALID_JSON: 400,
  CANCELLED: 400,
  AD_NOT_READY: 400,
  UNAUTHORIZED: 401,
  INSUFFICIENT_CREDITS: 402,
  FORBIDDEN: 403,
  EMAIL_NOT_VERIFIED: 403,
  NOT_FOUND: 404,
  METHOD_NOT_ALLOWED: 405,
  REQUEST_TIMEOUT: 408,
  CONFLICT: 409,
  AD_ALREADY_CLAIMED: 409,
  AD_SESSION_OVER: 409,
  AD_MISMATCH: 409,
  NEEDS_AI_WRITER: 409,
  PAYLOAD_TOO_LARGE: 413,
  UNSUPPORTED_MEDIA_TYPE: 415,
  RATE_LIMITED: 429,
  AD_DAILY_LIMIT: 429,
  INTERNAL_ERROR: 500,
  SERVICE_UNAVAILABLE: 503,
} as const;

export type ErrorCode = keyof typeof STATUS_OF;

export interface AppErrorOptions {
  /** Each field's problems in English, for API users (`fieldFailures` writes both). */
  fieldErrors?: Record<string, string[]>;
  /** Their reasons, for a field whose problems all have one: the client words these. */
  fieldReasons?: Record<string, AnswerReason[]>;
  extra?: Record<string, unknown>;
  headers?: Record<string, string>;
  /**
   * Which of the shared failures this is (src/lib/shared/failures.ts): the client words it
   * from its catalogue by this key; the English message stays for API users.
   */
  reason?: AnswerReason;
}

export class AppError extends Error {
  override name = "AppError";
  readonly code: ErrorCode;
  readonly status: number;
  readonly fieldErrors?: Record<string, string[]>;
  readonly fieldReasons?: Record<string, AnswerReason[]>;
  readonly extra?: Record<string, unknown>;
  readonly headers?: Record<string, string>;
  readonly reason?: AnswerReason;

  constructor(code: ErrorCode, message: string, options: AppErrorOptions = {}) {
    super(message);
    this.code = code;
    this.status = STATUS_OF[code];
    this.fieldErrors = options.fieldErrors;
    this.fieldReasons = options.fieldReasons;
    this.extra = options.extra;
    this.headers = options.headers;
    this.reason = options.reason;
  }
}

/** One of the shared failures, in its English words, with its reason key. */
export function failure(
  code: ErrorCode,
  reason: AnswerReason,
  options: Omit<AppErrorOptions, "reason"> = {},
): AppError {
  return new AppError(code, ENGLISH[reason], { ...options, reason });
}

/**
 * Field problems for an AppError, each a failure's reason or English: their English goes
 * to `fieldErrors`, for API users; a field whose problems all have a reason also gets them
 * in `fieldReasons`, in the same order, for the client to word.
 */
export function fieldFailures(
  problems: Record<string, string[]>,
): Pick<AppErrorOptions, "fieldErrors" | "fieldReasons"> {
  const fieldErrors: Record<string, string[]> = {};
  const fieldReasons: Record<string, AnswerReason[]> = {};
  for (const [field, messages] of Object.entries(problems)) {
    fieldErrors[field] = messages.map((message) =>
      isAnswerReason(message) ? ENGLISH[message] : message,
    );
    if (messages.every(isAnswerReason)) fieldReasons[field] = messages;
  }
  return Object.keys(fieldReasons).length > 0 ? { fieldErrors, fieldReasons } : { fieldErrors };
}

/** The failure body every answer uses: the host's, the middleware's and the routes'. */
export function failureBody(error: AppError): FailureBody<ErrorCode> & Record<string, unknown> {
  return {
    ...error.extra,
    success: false,
    message: error.message,
    code: error.code,
    ...(error.reason ? { reason: error.reason } : {}),
    ...(error.fieldErrors ? { fieldErrors: error.fieldErrors } : {}),
    ...(error.fieldReasons ? { fieldReasons: error.fieldReasons } : {}),
  };
}

/** What a client is told when the server cannot take its request now (503). */
export const SERVICE_BUSY = "The service is busy. Please try again shortly.";

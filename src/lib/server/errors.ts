import type { FailureReason } from "#shared/failures.ts";
import { FAILURES } from "#shared/failures.ts";

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
  fieldErrors?: Record<string, string[]>;
  extra?: Record<string, unknown>;
  headers?: Record<string, string>;
  /**
   * Which of the shared failures this is (src/lib/shared/failures.ts): the client words it
   * from its catalogue by this key; the English message stays for API users.
   */
  reason?: FailureReason;
}

export class AppError extends Error {
  override name = "AppError";
  readonly code: ErrorCode;
  readonly status: number;
  readonly fieldErrors?: Record<string, string[]>;
  readonly extra?: Record<string, unknown>;
  readonly headers?: Record<string, string>;
  readonly reason?: FailureReason;

  constructor(code: ErrorCode, message: string, options: AppErrorOptions = {}) {
    super(message);
    this.code = code;
    this.status = STATUS_OF[code];
    this.fieldErrors = options.fieldErrors;
    this.extra = options.extra;
    this.headers = options.headers;
    this.reason = options.reason;
  }
}

/** One of the shared failures, in its English words, with its reason key. */
export function failure(
  code: ErrorCode,
  reason: FailureReason,
  options: Omit<AppErrorOptions, "reason"> = {},
): AppError {
  return new AppError(code, FAILURES[reason], { ...options, reason });
}

/** The failure body every answer uses: the host's, the middleware's and the routes'. */
export interface FailureBody {
  success: false;
  message: string;
  code: ErrorCode;
  reason?: FailureReason;
  fieldErrors?: Record<string, string[]>;
  [extra: string]: unknown;
}

export function failureBody(error: AppError): FailureBody {
  return {
    ...error.extra,
    success: false,
    message: error.message,
    code: error.code,
    ...(error.reason ? { reason: error.reason } : {}),
    ...(error.fieldErrors ? { fieldErrors: error.fieldErrors } : {}),
  };
}

/** What a client is told when the server cannot take its request now (503). */
export const SERVICE_BUSY = "The service is busy. Please try again shortly.";

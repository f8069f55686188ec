/** The one way a request fails on purpose (STYLE §3): a code, an HTTP status, a message. */
export type ErrorCode =
  | "VALIDATION_ERROR"
  | "INVALID_JSON"
  | "UNAUTHORIZED"
  | "FORBIDDEN"
  | "NOT_FOUND"
  | "CONFLICT"
  | "METHOD_NOT_ALLOWED"
  | "PAYLOAD_TOO_LARGE"
  | "UNSUPPORTED_MEDIA_TYPE"
  | "RATE_LIMITED"
  | "INSUFFICIENT_CREDITS"
  | "EMAIL_NOT_VERIFIED"
  | "AD_NOT_READY"
  | "AD_ALREADY_CLAIMED"
  | "AD_DAILY_LIMIT"
  | "AD_SESSION_OVER"
  | "AD_MISMATCH"
  | "NEEDS_AI_WRITER"
  | "CANCELLED"
  | "SERVICE_UNAVAILABLE"
  | "INTERNAL_ERROR";

export class AppError extends Error {
  override name = "AppError";
  readonly code: ErrorCode;
  readonly status: number;
  readonly fieldErrors?: Record<string, string[]>;
  readonly extra?: Record<string, unknown>;
  readonly headers?: Record<string, string>;

  constructor(
    code: ErrorCode,
    status: number,
    message: string,
    options: {
      fieldErrors?: Record<string, string[]>;
      extra?: Record<string, unknown>;
      headers?: Record<string, string>;
    } = {},
  ) {
    super(message);
    this.code = code;
    this.status = status;
    this.fieldErrors = options.fieldErrors;
    this.extra = options.extra;
    this.headers = options.headers;
  }
}

/** What a client is told when the server cannot take its request now (503). */
export const SERVICE_BUSY = "The service is busy. Please try again shortly.";

import { describe, expect, it } from "vitest";
import { FAILURES } from "#shared/failures.ts";
import { AppError, STATUS_OF, failure, failureBody } from "#server/errors.ts";

describe("one way to fail", () => {
  it("takes each code's status from the one table", () => {
    for (const [code, status] of Object.entries(STATUS_OF)) {
      expect(new AppError(code as keyof typeof STATUS_OF, "x").status).toBe(status);
    }
  });

  it("answers a shared failure in its English words with its stable reason", () => {
    const error = failure("RATE_LIMITED", "ownerTextsInFlight", {
      headers: { "Retry-After": "10" },
      extra: { retryAfter: 10 },
    });
    expect(error.status).toBe(429);
    expect(failureBody(error)).toEqual({
      success: false,
      code: "RATE_LIMITED",
      message: FAILURES.ownerTextsInFlight,
      reason: "ownerTextsInFlight",
      retryAfter: 10,
    });
  });

  it("keeps the shape's own fields over an extra of the same name", () => {
    const error = new AppError("NOT_FOUND", "Gone.", { extra: { success: true, code: "X" } });
    expect(failureBody(error)).toMatchObject({ success: false, code: "NOT_FOUND" });
  });
});

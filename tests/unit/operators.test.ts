import { describe, expect, it } from "vitest";
import { isConsoleApiPath, isOperator } from "#server/console/operators.ts";

const account = (email: string, emailVerified = true) => ({
  id: "00000000-0000-4000-8000-000000000001",
  email,
  name: null,
  emailVerified,
  createdAt: new Date(),
});

describe("who is an operator", () => {
  const list = ["ops@example.com"];

  it("is a signed-in account with a verified address on the list", () => {
    expect(isOperator(account("ops@example.com"), list)).toBe(true);
  });

  it("is nobody else: no session, an unverified address, another address, an empty list", () => {
    expect(isOperator(null, list)).toBe(false);
    expect(isOperator(account("ops@example.com", false), list)).toBe(false);
    expect(isOperator(account("ops@example.com.evil.test"), list)).toBe(false);
    expect(isOperator(account("xops@example.com"), list)).toBe(false);
    expect(isOperator(account("ops@example.com"), [])).toBe(false);
  });
});

describe("the console's API addresses", () => {
  it.each(["/api/console", "/api/console/overview", "/API/Console/credits"])("%s is one", (path) =>
    expect(isConsoleApiPath(path)).toBe(true),
  );
  it.each(["/api/consoles", "/console", "/api/console-x", "/api/auth/me"])("%s is not", (path) =>
    expect(isConsoleApiPath(path)).toBe(false),
  );
});

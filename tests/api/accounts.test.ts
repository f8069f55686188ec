import { randomUUID } from "node:crypto";
import { describe, expect, it } from "vitest";
import { ApiClient, outboxLink, pathOf } from "../support/client.ts";
import { awaitOutbox } from "../support/outbox.ts";
import { useServer } from "../support/use-server.ts";

const server = useServer({ env: { TRUSTED_PROXY: "1" } });

const client = () => new ApiClient(server.url);
const uniqueEmail = (label = "user") => `${label}-${randomUUID().slice(0, 8)}@example.com`;
const PASSWORD = "violet-harbor-42";

async function register(c: ApiClient, email = uniqueEmail(), password = PASSWORD) {
  const response = await c.post("/api/auth/register", {
    email,
    password,
    confirmPassword: password,
    name: "Test User",
  });
  expect(response.status).toBe(201);
  return { email, token: response.body.token as string };
}

function expectFieldError(
  response: { status: number; body: { fieldErrors: Record<string, string[]> } },
  field: string,
  message: string,
) {
  expect(response.status).toBe(400);
  expect(response.body).toMatchObject({ success: false, code: "VALIDATION_ERROR" });
  expect(response.body.fieldErrors[field]).toContain(message);
}

describe("validation rules of spec §5, with their messages", () => {
  it("login: a valid e-mail and a password of at least 6 characters", async () => {
    const c = client();
    expectFieldError(
      await c.post("/api/auth/login", { email: "nope", password: PASSWORD }),
      "email",
      "Please enter a valid email address",
    );
    expectFieldError(
      await c.post("/api/auth/login", { email: "a@example.com", password: "12345" }),
      "password",
      "Password must be at least 6 characters",
    );
    expectFieldError(
      await c.post("/api/auth/login", {}),
      "email",
      "Please enter a valid email address",
    );
  });

  it("register: e-mail, password, confirmPassword, optional name of 2+, matching passwords", async () => {
    const c = client();
    const valid = {
      email: uniqueEmail(),
      password: PASSWORD,
      confirmPassword: PASSWORD,
      name: "Ada",
    };
    expectFieldError(
      await c.post("/api/auth/register", { ...valid, email: "x@" }),
      "email",
      "Please enter a valid email address",
    );
    expectFieldError(
      await c.post("/api/auth/register", { ...valid, password: "abc", confirmPassword: "abc" }),
      "password",
      "Password must be at least 6 characters",
    );
    expectFieldError(
      await c.post("/api/auth/register", { ...valid, confirmPassword: "abc" }),
      "confirmPassword",
      "Password must be at least 6 characters",
    );
    expectFieldError(
      await c.post("/api/auth/register", { ...valid, name: "A" }),
      "name",
      "Name must be at least 2 characters",
    );
    expectFieldError(
      await c.post("/api/auth/register", { ...valid, confirmPassword: `${PASSWORD}!` }),
      "confirmPassword",
      "Passwords do not match",
    );
    const withoutName = await c.post("/api/auth/register", { ...valid, name: "" });
    expect(withoutName.status).toBe(201);
  });

  it("forgot and reset password: a valid e-mail; a new password of at least 6", async () => {
    const c = client();
    expectFieldError(
      await c.post("/api/auth/forgot-password", { email: "bad" }),
      "email",
      "Please enter a valid email address",
    );
    expectFieldError(
      await c.post("/api/auth/resend-verification", { email: "bad" }),
      "email",
      "Please enter a valid email address",
    );
    expectFieldError(
      await c.post("/api/auth/reset-password", { token: "t".repeat(40), newPassword: "12345" }),
      "newPassword",
      "Password must be at least 6 characters",
    );
  });

  it("refuses one of the most common passwords", async () => {
    const response = await client().post("/api/auth/register", {
      email: uniqueEmail(),
      password: "password123",
      confirmPassword: "password123",
    });
    expectFieldError(
      response,
      "password",
      "This password is too common. Please choose a less predictable one.",
    );
  });
});

describe("a new account's journey", () => {
  it("register → outbox link → verified → login → me → logout → the old token and cookie answer 401", async () => {
    const c = client();
    const email = uniqueEmail("journey");
    const registered = await register(c, email);
    expect(c.cookies.has("session")).toBe(true);
    const me = await c.get("/api/auth/me");
    expect(me.body.user).toMatchObject({ email, name: "Test User", isVerified: false });

    const link = await outboxLink(server.url, email, "/api/auth/verify-email");
    expect(link.startsWith("http://localhost:4321/api/auth/verify-email?token=")).toBe(true);
    const verified = await c.get(pathOf(link));
    expect(verified.status).toBe(302);
    expect(verified.headers.get("location")).toBe("/login?verified=true");
    expect((await c.get(pathOf(link))).headers.get("location")).toBe("/login?verified=false");

    const fresh = client();
    const login = await fresh.post("/api/auth/login", { email, password: PASSWORD });
    expect(login.status).toBe(200);
    expect(login.body).toMatchObject({ success: true, isVerified: true });
    expect(typeof login.body.token).toBe("string");
    const cookieBefore = fresh.cookies.get("session")!;
    expect((await fresh.get("/api/auth/me")).body.user.isVerified).toBe(true);
    expect((await fresh.get("/api/auth/me", { bearer: login.body.token })).status).toBe(200);

    const logout = await fresh.post("/api/auth/logout");
    expect(logout.body).toEqual({ success: true, message: "Logged Out" });
    expect(fresh.cookies.has("session")).toBe(false);

    const replay = client();
    replay.cookies.set("session", cookieBefore);
    expect((await replay.get("/api/auth/me")).status).toBe(401);
    expect((await client().get("/api/auth/me", { bearer: login.body.token })).status).toBe(401);
    // The registration session is separate and still valid until it is signed out.
    expect((await client().get("/api/auth/me", { bearer: registered.token })).status).toBe(200);
  });

  it("judges a request with a bearer header by it alone, never by the cookie", async () => {
    const c = client();
    await register(c);
    expect((await c.get("/api/auth/me")).status).toBe(200);
    expect((await c.get("/api/auth/me", { bearer: "not.valid" })).status).toBe(401);
    expect((await c.get("/api/auth/me", { headers: { authorization: "Basic abc" } })).status).toBe(
      401,
    );
  });
});

describe("password reset", () => {
  it("works once, signs every session out, and the new password signs in", async () => {
    const owner = client();
    const { email, token: firstSession } = await register(owner, uniqueEmail("reset"));
    const second = await client().post("/api/auth/login", { email, password: PASSWORD });

    const asked = await client().post("/api/auth/forgot-password", { email });
    expect(asked.status).toBe(200);
    const link = await outboxLink(server.url, email, "/reset-password");
    expect(link.startsWith("http://localhost:4321/reset-password?token=")).toBe(true);
    const token = new URL(link).searchParams.get("token")!;

    const newPassword = "new-quiet-meadow-7";
    const reset = await client().post("/api/auth/reset-password", { token, newPassword });
    expect(reset.status).toBe(200);
    expect(reset.body.success).toBe(true);

    expect((await client().get("/api/auth/me", { bearer: firstSession })).status).toBe(401);
    expect((await client().get("/api/auth/me", { bearer: second.body.token })).status).toBe(401);
    expect((await owner.get("/api/auth/me")).status).toBe(401);

    const again = await client().post("/api/auth/reset-password", {
      token,
      newPassword: "another-pass-99",
    });
    expect(again.status).toBe(400);
    expect(again.body.message).toBe("This password reset link is invalid or has expired.");

    expect((await client().post("/api/auth/login", { email, password: PASSWORD })).status).toBe(
      401,
    );
    expect((await client().post("/api/auth/login", { email, password: newPassword })).status).toBe(
      200,
    );
  });
});

describe("no account enumeration", () => {
  it("answers a registration for a taken address, whatever its letter case, exactly like a new one, signs nobody in and tells the owner", async () => {
    const email = uniqueEmail("twice");
    await register(client(), email);
    const attempt = (address: string) => ({
      email: address,
      password: "another-garden-77",
      confirmPassword: "another-garden-77",
      name: "Someone Else",
    });
    const newcomer = client();
    const created = await newcomer.post("/api/auth/register", attempt(uniqueEmail("fresh")));
    const stranger = client();
    const again = await stranger.post("/api/auth/register", attempt(email.toUpperCase()));

    // Same status, same body but for the token, a token of the same shape, the same cookies.
    expect(again.status).toBe(created.status);
    const { token: takenToken, ...takenBody } = again.body;
    const { token: newToken, ...newBody } = created.body;
    expect(takenBody).toEqual(newBody);
    const tokenShape = (token: string) => token.replace(/[a-z0-9]/g, "x");
    expect(tokenShape(takenToken)).toBe(tokenShape(newToken));
    const cookieNames = (response: { headers: Headers }) =>
      response.headers
        .getSetCookie()
        // Names and attributes; the values, and an expiry a second apart, may differ.
        .map((cookie) => cookie.replace(/=[^;]*/, "=").replace(/Expires=[^;]*/i, "Expires="))
        .sort();
    expect(cookieNames(again)).toEqual(cookieNames(created));

    // Only the new account is signed in; the existing one is not, by cookie or by token.
    expect((await newcomer.get("/api/auth/me")).body.user).toMatchObject({ isVerified: false });
    expect((await stranger.get("/api/auth/me")).status).toBe(401);
    expect((await client().get("/api/auth/me", { bearer: takenToken })).status).toBe(401);
    // The account keeps its own password.
    expect(
      (await client().post("/api/auth/login", { email, password: "another-garden-77" })).status,
    ).toBe(401);
    expect((await client().post("/api/auth/login", { email, password: PASSWORD })).status).toBe(
      200,
    );

    // The owner hears of it, with a way to sign in and one to reset, and none of the text sent.
    const [notice] = await awaitOutbox(server.url, email, (messages) =>
      messages.some((m) => m.subject.includes("tried to create")),
    ).then((messages) => messages.filter((m) => m.subject.includes("tried to create")));
    expect(notice!.links).toEqual([
      "http://localhost:4321/login",
      "http://localhost:4321/forgot-password",
    ]);
    expect(notice!.text).not.toContain("Someone Else");
  });

  it("answers login alike for an unknown e-mail and a wrong password", async () => {
    const { email } = await register(client());
    const unknown = await client().post("/api/auth/login", {
      email: uniqueEmail("ghost"),
      password: PASSWORD,
    });
    const wrong = await client().post("/api/auth/login", { email, password: "wrong-password-1" });
    expect(unknown.status).toBe(401);
    expect(wrong.status).toBe(401);
    expect(unknown.body).toEqual(wrong.body);
    expect(unknown.body.message).toBe("Invalid email or password.");
  });

  it("answers forgot-password alike for known and unknown addresses", async () => {
    const { email } = await register(client());
    const known = await client().post("/api/auth/forgot-password", { email });
    const unknown = await client().post("/api/auth/forgot-password", {
      email: uniqueEmail("ghost"),
    });
    expect(known.status).toBe(200);
    expect(unknown.status).toBe(200);
    expect(known.body).toEqual(unknown.body);
  });
});

describe("protection", () => {
  it("refuses a cross-origin cookie POST with application/json and keeps the session", async () => {
    const c = client();
    await register(c);
    const refused = await c.post(
      "/api/auth/logout",
      {},
      { headers: { origin: "https://evil.example" } },
    );
    expect(refused.status).toBe(403);
    expect(refused.body).toMatchObject({ success: false, code: "FORBIDDEN" });
    expect((await c.get("/api/auth/me")).status).toBe(200);
    const sameSite = await c.post(
      "/api/auth/logout",
      {},
      { headers: { "sec-fetch-site": "cross-site" } },
    );
    expect(sameSite.status).toBe(403);
  });

  it("limits login attempts without a device cookie per account with 429 and Retry-After", async () => {
    const { email } = await register(client());
    const statuses: number[] = [];
    let limited: Awaited<ReturnType<ApiClient["post"]>> | undefined;
    for (let attempt = 0; attempt < 12; attempt++) {
      // A new browser and address each time: the per-account limit must hold on its own.
      const response = await client().post("/api/auth/login", {
        email,
        password: "wrong-password-1",
      });
      statuses.push(response.status);
      if (response.status === 429) limited ??= response;
    }
    expect(statuses.slice(0, 10).every((s) => s === 401)).toBe(true);
    expect(statuses.slice(10)).toEqual([429, 429]);
    expect(Number(limited!.headers.get("retry-after"))).toBeGreaterThan(0);
    expect(limited!.body).toMatchObject({ success: false, code: "RATE_LIMITED" });
    // The right password is refused too from a browser that never signed in to it
    // (tests/api/lockout.test.ts: one that did is not).
    expect((await client().post("/api/auth/login", { email, password: PASSWORD })).status).toBe(
      429,
    );
  });

  it("builds e-mailed links from PUBLIC_URL, whatever Host the request claims", async () => {
    const email = uniqueEmail("host");
    await client().post(
      "/api/auth/register",
      { email, password: PASSWORD, confirmPassword: PASSWORD },
      {
        headers: {
          host: "evil.example",
          "x-forwarded-host": "evil.example",
          "x-forwarded-proto": "https",
        },
      },
    );
    const link = await outboxLink(server.url, email, "verify-email");
    expect(new URL(link).origin).toBe("http://localhost:4321");
  });

  it("keeps the dev outbox away from non-loopback clients", async () => {
    const response = await client().get("/dev/outbox?format=json");
    expect(response.status).toBe(404);
    expect(JSON.stringify(response.body)).not.toContain("token=");
  });

  it("resends a verification link to an unverified account, silently to others", async () => {
    const { email } = await register(client());
    const first = await outboxLink(server.url, email, "verify-email");
    const resent = await client().post("/api/auth/resend-verification", { email });
    expect(resent.body).toMatchObject({ success: true });
    const second = await outboxLink(server.url, email, "verify-email", first);
    expect(second).not.toBe(first);
    // The first link stopped working when the new one was issued.
    expect((await client().get(pathOf(first))).headers.get("location")).toBe(
      "/login?verified=false",
    );
    expect((await client().get(pathOf(second))).headers.get("location")).toBe(
      "/login?verified=true",
    );
    const unknown = await client().post("/api/auth/resend-verification", {
      email: uniqueEmail("ghost"),
    });
    expect(unknown.body).toEqual(resent.body);
  });
});

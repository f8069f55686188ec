import { randomUUID } from "node:crypto";
import { describe, expect, it } from "vitest";
import { ApiClient } from "../support/client.ts";
import { awaitOutbox } from "../support/outbox.ts";
import { useServer } from "../support/use-server.ts";

/**
 * OWASP's device cookies (DESIGN §3): strangers' failures never lock out a browser that
 * signed in to the account before; browsers without one share the account's budget.
 */
const server = useServer({ env: { TRUSTED_PROXY: "1" } });

const PASSWORD = "violet-harbor-42";
const RESET_ANSWER = {
  success: true,
  message: "If an account exists for this email, we have sent a password reset link to it.",
};
let addressCounter = 0;
/** Each call a different client address (documentation ranges). */
const nextAddress = () => `198.51.100.${++addressCounter}`;

/** The same browser (its cookies) seen from another address, as after a network change. */
function sameBrowserAt(browser: ApiClient, address: string): ApiClient {
  const moved = new ApiClient(server.url, address);
  for (const [name, value] of browser.cookies) moved.cookies.set(name, value);
  return moved;
}

/** An account registered elsewhere; the owner's browser then signs in once. */
async function ownerWithDevice(): Promise<{ email: string; browser: ApiClient }> {
  const email = `owner-${randomUUID().slice(0, 8)}@example.com`;
  const registered = await new ApiClient(server.url, nextAddress()).post("/api/auth/register", {
    email,
    password: PASSWORD,
    confirmPassword: PASSWORD,
  });
  expect(registered.status).toBe(201);
  const browser = new ApiClient(server.url, nextAddress());
  expect((await browser.post("/api/auth/login", { email, password: PASSWORD })).status).toBe(200);
  expect(browser.cookies.get("device")).toBeTruthy();
  return { email, browser };
}

async function strangersFail(email: string, times: number): Promise<number[]> {
  const statuses: number[] = [];
  for (let i = 0; i < times; i++) {
    const stranger = new ApiClient(server.url, nextAddress());
    statuses.push(
      (await stranger.post("/api/auth/login", { email, password: "wrong-password-1" })).status,
    );
  }
  return statuses;
}

describe("no lockout by strangers", () => {
  it("after 12 strangers' failures from 12 addresses the owner's browser still signs in and gets its reset mail", async () => {
    const { email, browser } = await ownerWithDevice();
    const statuses = await strangersFail(email, 12);
    expect(statuses.slice(0, 10).every((s) => s === 401)).toBe(true);
    expect(statuses.slice(10)).toEqual([429, 429]);

    // Strangers also ask for reset mails until the account's hourly budget of 3 is spent.
    for (let i = 0; i < 4; i++) {
      const asked = await new ApiClient(server.url, nextAddress()).post(
        "/api/auth/forgot-password",
        { email },
      );
      expect(asked.status).toBe(200);
      expect(asked.body).toEqual(RESET_ANSWER);
    }
    await awaitOutbox(server.url, email, (m) => resetMails(m) >= 3);

    const owner = sameBrowserAt(browser, nextAddress());
    const login = await owner.post("/api/auth/login", { email, password: PASSWORD });
    expect(login.status).toBe(200);
    expect(login.body).toMatchObject({ success: true, message: "Login successful" });

    const reset = await owner.post("/api/auth/forgot-password", { email });
    expect(reset.status).toBe(200);
    expect(reset.body).toEqual(RESET_ANSWER);
    // Three mails for the strangers, none for the fourth, one for the owner's device.
    const mails = await awaitOutbox(server.url, email, (m) => resetMails(m) >= 4);
    expect(resetMails(mails)).toBe(4);
  });

  it("a browser without a device cookie shares the account's budget: 429 with the right password once strangers spent it", async () => {
    const { email } = await ownerWithDevice();
    await strangersFail(email, 10);
    const fresh = await new ApiClient(server.url, nextAddress()).post("/api/auth/login", {
      email,
      password: PASSWORD,
    });
    expect(fresh.status).toBe(429);
    expect(Number(fresh.headers.get("retry-after"))).toBeGreaterThan(0);
    expect(fresh.body).toMatchObject({ success: false, code: "RATE_LIMITED" });
  });

  it("a malformed, forged or other account's device cookie counts as none", async () => {
    const { email, browser } = await ownerWithDevice();
    const { browser: otherAccountsBrowser } = await ownerWithDevice();
    await strangersFail(email, 10);
    const genuine = browser.cookies.get("device")!;
    const [login, nonce] = decodeURIComponent(genuine).split(",");
    const forged = encodeURIComponent(`${login},${nonce},${"0".repeat(64)}`);
    for (const value of [
      otherAccountsBrowser.cookies.get("device")!,
      forged,
      "%00%2C%2C",
      "x".repeat(3000),
      `${genuine}%2C`,
    ]) {
      const stranger = new ApiClient(server.url, nextAddress());
      stranger.cookies.set("device", value);
      const response = await stranger.post("/api/auth/login", { email, password: PASSWORD });
      expect(response.status, value.slice(0, 40)).toBe(429);
    }
    expect(
      (
        await sameBrowserAt(browser, nextAddress()).post("/api/auth/login", {
          email,
          password: PASSWORD,
        })
      ).status,
    ).toBe(200);
  });

  it("a device is limited by its own failures, and the owner's other browser still signs in", async () => {
    const { email, browser } = await ownerWithDevice();
    const laptop = new ApiClient(server.url, nextAddress());
    expect((await laptop.post("/api/auth/login", { email, password: PASSWORD })).status).toBe(200);

    const statuses: number[] = [];
    for (let i = 0; i < 11; i++) {
      const response = await browser.post("/api/auth/login", {
        email,
        password: "wrong-password-1",
      });
      statuses.push(response.status);
    }
    expect(statuses.slice(0, 10).every((s) => s === 401)).toBe(true);
    expect(statuses[10]).toBe(429);
    // Over its own budget, this device is refused even the right password...
    expect((await browser.post("/api/auth/login", { email, password: PASSWORD })).status).toBe(429);
    // ...while the laptop, and a browser without a device cookie, are not held back by it.
    expect((await laptop.post("/api/auth/login", { email, password: PASSWORD })).status).toBe(200);
    const fresh = new ApiClient(server.url, nextAddress());
    expect((await fresh.post("/api/auth/login", { email, password: PASSWORD })).status).toBe(200);
  });

  it("successes do not count: a browser that signs in again and again is never limited", async () => {
    const { email, browser } = await ownerWithDevice();
    // Every success hands out a new nonce; sending the first one each time, only refunds
    // keep its budget from running out.
    const device = browser.cookies.get("device")!;
    const fresh = new ApiClient(server.url, nextAddress());
    for (let i = 0; i < 12; i++) {
      browser.cookies.set("device", device);
      expect((await browser.post("/api/auth/login", { email, password: PASSWORD })).status).toBe(
        200,
      );
    }
    for (let i = 0; i < 12; i++) {
      fresh.cookies.clear();
      expect((await fresh.post("/api/auth/login", { email, password: PASSWORD })).status).toBe(200);
    }
  });

  it("concurrent guesses cannot overrun the account's budget", async () => {
    const { email } = await ownerWithDevice();
    const responses = await Promise.all(
      Array.from({ length: 16 }, () =>
        new ApiClient(server.url, nextAddress()).post("/api/auth/login", {
          email,
          password: "wrong-password-1",
        }),
      ),
    );
    const statuses = responses.map((r) => r.status);
    expect(statuses.filter((s) => s === 401)).toHaveLength(10);
    expect(statuses.filter((s) => s === 429)).toHaveLength(6);
  });
});

function resetMails(messages: { links: string[] }[]): number {
  return messages.filter((m) => m.links.some((l) => l.includes("/reset-password"))).length;
}

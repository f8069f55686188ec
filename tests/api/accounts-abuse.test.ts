import { randomUUID } from "node:crypto";
import { describe, expect, it } from "vitest";
import { ApiClient, outboxLink, pathOf } from "../support/client.ts";
import { awaitOutbox, readOutbox } from "../support/outbox.ts";
import { useServer } from "../support/use-server.ts";

/** What a stranger can make the account endpoints do, and what they cannot. */
const server = useServer({ env: { TRUSTED_PROXY: "1" } });

const PASSWORD = "violet-harbor-42";
const client = () => new ApiClient(server.url);
const uniqueEmail = (label: string) => `${label}-${randomUUID().slice(0, 8)}@example.com`;

async function register(email: string, extra: Record<string, unknown> = {}) {
  const c = client();
  const response = await c.post("/api/auth/register", {
    email,
    password: PASSWORD,
    confirmPassword: PASSWORD,
    ...extra,
  });
  expect(response.status).toBe(201);
  return c;
}

describe("reset-password", () => {
  it("a flood of reset attempts from one address is answered 429", async () => {
    const flooder = client();
    const statuses: number[] = [];
    for (let i = 0; i < 11; i++) {
      const response = await flooder.post("/api/auth/reset-password", {
        token: `bogus-token-${i}-${"x".repeat(30)}`,
        newPassword: "fresh-garden-11",
      });
      statuses.push(response.status);
    }
    expect(statuses.slice(0, 10).every((s) => s === 400)).toBe(true);
    expect(statuses[10]).toBe(429);
  });
});

describe("no user text in our e-mails", () => {
  it("a name with a line break or a web address is refused with 400 and fieldErrors.name", async () => {
    for (const name of [
      "Ada\r\nYour account is locked, sign in at https://evil.example",
      "Ada\nLovelace",
      "Ada https://evil.example",
      "Ada\u0000",
    ]) {
      const response = await client().post("/api/auth/register", {
        email: uniqueEmail("named"),
        password: PASSWORD,
        confirmPassword: PASSWORD,
        name,
      });
      expect(response.status, JSON.stringify(name)).toBe(400);
      expect(response.body).toMatchObject({ success: false, code: "VALIDATION_ERROR" });
      expect(response.body.fieldErrors.name.length).toBeGreaterThan(0);
    }
  });

  it("neither the verification nor the reset mail repeats the account's name", async () => {
    const email = uniqueEmail("quokka");
    const name = "Zanzibar Quokka";
    await register(email, { name });
    expect((await client().post("/api/auth/forgot-password", { email })).status).toBe(200);
    const mails = await awaitOutbox(
      server.url,
      email,
      (m) => m.some((x) => x.links.some((l) => l.includes("/reset-password"))) && m.length >= 2,
    );
    for (const mail of mails) {
      expect(mail.text.startsWith("Hello,")).toBe(true);
      expect(JSON.stringify(mail)).not.toContain("Zanzibar");
      expect(JSON.stringify(mail)).not.toContain("Quokka");
    }
    expect(JSON.stringify(await readOutbox(server.url))).not.toContain("Zanzibar");
  });
});

describe("resend-verification", () => {
  it("answers verified, unverified and unknown addresses alike, and the unverified one gets its mail", async () => {
    const verified = uniqueEmail("verified");
    await register(verified);
    await client().get(pathOf(await outboxLink(server.url, verified, "verify-email")));
    const unverified = uniqueEmail("unverified");
    await register(unverified);
    const firstLink = await outboxLink(server.url, unverified, "verify-email");

    const answers = await Promise.all(
      [verified, unverified, uniqueEmail("ghost")].map((email) =>
        client().post("/api/auth/resend-verification", { email }),
      ),
    );
    for (const answer of answers) {
      expect(answer.status).toBe(200);
      expect(answer.body).toEqual(answers[0]!.body);
    }
    expect(answers[0]!.body).toMatchObject({ success: true });

    const newLink = await outboxLink(server.url, unverified, "verify-email", firstLink);
    expect((await client().get(pathOf(newLink))).headers.get("location")).toBe(
      "/login?verified=true",
    );
    // The verified account got nothing new.
    const verifiedMails = await readOutbox(server.url);
    expect(verifiedMails.filter((m) => m.to === verified)).toHaveLength(1);
  });
});

describe("passwords", () => {
  it("a password registered in NFC signs in when typed in NFD", async () => {
    const email = uniqueEmail("accents");
    const nfc = "caf\u00e9-cr\u00e8me-br\u00fbl\u00e9e";
    const nfd = nfc.normalize("NFD");
    const registered = await client().post("/api/auth/register", {
      email,
      password: nfc,
      confirmPassword: nfc,
    });
    expect(registered.status).toBe(201);
    expect((await client().post("/api/auth/login", { email, password: nfd })).status).toBe(200);
  });

  it("a password of only spaces is refused with its own message", async () => {
    const blank = "        ";
    const response = await client().post("/api/auth/register", {
      email: uniqueEmail("blank"),
      password: blank,
      confirmPassword: blank,
    });
    expect(response.status).toBe(400);
    expect(response.body.fieldErrors.password).toContain("Password cannot be only spaces");
  });

  it("one of the most common passwords is refused on reset too", async () => {
    const response = await client().post("/api/auth/reset-password", {
      token: `bogus-${"y".repeat(30)}`,
      newPassword: "iloveyou",
    });
    expect(response.status).toBe(400);
    expect(response.body.fieldErrors.newPassword).toContain(
      "This password is too common. Please choose a less predictable one.",
    );
  });
});

import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startSendGridFake } from "../fakes/sendgrid.ts";
import { startSmtpFake } from "../fakes/smtp.ts";
import { SITE_NAME } from "../../src/lib/shared/site.ts";
import { ApiClient } from "../support/client.ts";
import { waitFor } from "../support/wait.ts";
import { createStorage, startServer, waitForLog } from "../support/server.ts";
import { useServer } from "../support/use-server.ts";

const PASSWORD = "violet-harbor-42";
const email = () => `mail-${randomUUID().slice(0, 8)}@example.com`;
/** A mailbox's tag in a log line: a short keyed hash, never the address. */
const TAG = /^[0-9a-f]{12}$/;

/** SendGrid's settings, its API at the fake's address. */
const sendGridEnv = (url: string) => ({
  SENDGRID_API_KEY: "SG.test-key",
  SENDGRID_API_URL: url,
  MAIL_FROM: "Writer <no-reply@write.example>",
});

/** Registers `to` from a new client; the server then mails it a verification link. */
function register(baseUrl: string, to: string, name?: string) {
  return new ApiClient(baseUrl).post("/api/auth/register", {
    email: to,
    password: PASSWORD,
    confirmPassword: PASSWORD,
    name,
  });
}

/** Asks, from a new client, for `to`'s verification mail again. */
function resendVerification(baseUrl: string, to: string) {
  return new ApiClient(baseUrl).post("/api/auth/resend-verification", { email: to });
}

/** Warnings and errors hold no e-mail address: not `to`, not any other (issue 24). */
function expectNoAddressInWarnings(logs: Record<string, unknown>[], to: string): void {
  const warnings = logs.filter((l) => Number(l.level) >= 40);
  expect(warnings.length).toBeGreaterThan(0);
  for (const line of warnings) {
    const text = JSON.stringify(line);
    expect(text).not.toContain(to);
    expect(text).not.toContain(to.split("@")[0]);
    expect(text).not.toMatch(/[\w.+-]+@[\w-]+\.[a-z]{2,}/i);
  }
}

describe("with SENDGRID_API_KEY set", () => {
  let sendgrid: Awaited<ReturnType<typeof startSendGridFake>>;

  beforeAll(async () => {
    sendgrid = await startSendGridFake();
  });

  afterAll(async () => {
    await sendgrid?.close();
  });

  const server = useServer({
    env: () => sendGridEnv(sendgrid.url),
  });

  it("sends the verification e-mail through SendGrid's API, HTML and text", async () => {
    const to = email();
    const response = await register(server.url, to, "Grace");
    expect(response.status).toBe(201);
    expect(response.body.message).toBe(
      "Registration successful. Please check your email to verify your account.",
    );
    // The mail goes out after the answer, so that its timing tells nothing (decision 058).
    const mail = await waitFor("the verification mail", () =>
      sendgrid.sent.find((m) => m.body.personalizations[0]!.to[0]!.email === to),
    );
    expect(mail?.authorization).toBe("Bearer SG.test-key");
    expect(mail?.body.from).toEqual({ email: "no-reply@write.example", name: "Writer" });
    const types = mail!.body.content.map((c) => c.type);
    expect(types).toEqual(["text/plain", "text/html"]);
    expect(mail!.body.content[0]!.value).toMatch(
      /^Hello,[\s\S]*http:\/\/localhost:4321\/api\/auth\/verify-email\?token=/,
    );
    // No user-supplied text in our mail, the name included (DESIGN §3).
    expect(JSON.stringify(mail!.body)).not.toContain("Grace");
  });

  it("answers a resend whose mail fails like one that went out, and logs it without token or address", async () => {
    const to = email();
    await register(server.url, to);
    // The registration's own mail is out before sends start failing.
    await waitFor("the registration's mail", () =>
      sendgrid.sent.some((m) => m.body.personalizations[0]!.to[0]!.email === to),
    );
    sendgrid.failWith(401);
    let failure: Record<string, unknown>;
    try {
      // The mail goes out after the answer, so that its timing tells nothing (decision 022).
      const resend = await resendVerification(server.url, to);
      expect(resend.status).toBe(200);
      expect(resend.body).toEqual({
        success: true,
        message: "Verification email sent. Please check your inbox.",
      });
      // The fake fails until told otherwise: wait for the failed send before restoring it.
      failure = await waitForLog(server, (l) => l.msg === "email send failed");
    } finally {
      sendgrid.failWith(null);
    }
    expect(failure).toMatchObject({ status: 401, recipient: expect.stringMatching(TAG) });
    expect(JSON.stringify(server.logs)).not.toMatch(/token=/);
    expectNoAddressInWarnings(server.logs, to);
  });

  it("keeps no dev outbox, even for a loopback client", async () => {
    const response = await fetch(`${server.url}/dev/outbox?format=json`);
    expect(response.status).toBe(404);
  });
});

describe("with SMTP_URL set, and SENDGRID_API_KEY too", () => {
  let smtp: Awaited<ReturnType<typeof startSmtpFake>>;
  let sendgrid: Awaited<ReturnType<typeof startSendGridFake>>;

  beforeAll(async () => {
    smtp = await startSmtpFake();
    sendgrid = await startSendGridFake();
  });

  afterAll(async () => {
    await smtp?.close();
    await sendgrid?.close();
  });

  // Both set: SMTP_URL wins (decision 091), and the SendGrid fake must hear nothing.
  const server = useServer({
    env: () => ({ SMTP_URL: smtp.url, ...sendGridEnv(sendgrid.url) }),
  });

  it("sends the verification e-mail through the SMTP server, logged in, with its link", async () => {
    const to = email();
    const response = await register(server.url, to, "Grace");
    expect(response.status).toBe(201);
    const mail = (await waitFor("the verification mail", () =>
      smtp.received.find((m) => m.envelope.to.includes(to)),
    ))!;
    expect(mail.user).toBe("mailer");
    expect(mail.envelope).toEqual({ from: "no-reply@write.example", to: [to] });
    expect(mail.message.to).toMatchObject({ value: [{ address: to }] });
    expect(mail.message.from).toMatchObject({
      value: [{ address: "no-reply@write.example", name: "Writer" }],
    });
    expect(mail.message.subject).toBe(`Verify your email for ${SITE_NAME}`);
    const link = /http:\/\/localhost:4321\/api\/auth\/verify-email\?token=[\w-]+/.exec(
      mail.message.text ?? "",
    )?.[0];
    expect(link).toBeDefined();
    expect(mail.message.html).toContain(link);
    // No user-supplied text in our mail, the name included (DESIGN §3).
    expect(`${mail.message.text}${mail.message.html}`).not.toContain("Grace");
    expect(sendgrid.sent).toEqual([]);
    expect(server.logs.map((l) => l.msg)).toContain(
      "SMTP_URL and SENDGRID_API_KEY are both set: mail goes by SMTP_URL (decision 091).",
    );

    // The link in the mail verifies the account.
    const verified = await fetch(link!.replace("http://localhost:4321", server.url), {
      redirect: "manual",
    });
    expect(verified.headers.get("location")).toMatch(/\/login\?verified=true$/);
  });

  it("answers a resend the SMTP server refuses like one that went out, and logs the reply code, no address", async () => {
    const to = email();
    await register(server.url, to);
    await waitFor("the registration's mail", () =>
      smtp.received.some((m) => m.envelope.to.includes(to)),
    );
    smtp.refuseWith(550);
    let failure: Record<string, unknown>;
    try {
      const resend = await resendVerification(server.url, to);
      expect(resend.status).toBe(200);
      failure = await waitForLog(server, (l) => l.msg === "email send failed");
    } finally {
      smtp.refuseWith(null);
    }
    expect(failure).toMatchObject({
      via: "smtp",
      status: 550,
      recipient: expect.stringMatching(TAG),
    });
    expect(JSON.stringify(server.logs)).not.toMatch(/token=|s3cret/);
    expectNoAddressInWarnings(server.logs, to);
  });

  it("keeps no dev outbox, even for a loopback client", async () => {
    const response = await fetch(`${server.url}/dev/outbox?format=json`);
    expect(response.status).toBe(404);
  });
});

describe("in production", () => {
  it("refuses to start without a way to send e-mail, naming SMTP_URL and SENDGRID_API_KEY", async () => {
    const storage = await createStorage();
    try {
      await expect(startServer(storage, { env: { NODE_ENV: "production" } })).rejects.toThrow(
        /production needs SMTP_URL or SENDGRID_API_KEY to send mail/,
      );
    } finally {
      await storage.cleanup();
    }
  });

  it("starts with SMTP_URL alone and keeps the dev outbox closed, even for a loopback client", async () => {
    const smtp = await startSmtpFake();
    const storage = await createStorage();
    const server = await startServer(storage, {
      env: { NODE_ENV: "production", SMTP_URL: smtp.url },
    });
    try {
      const response = await fetch(`${server.url}/dev/outbox?format=json`);
      expect(response.status).toBe(404);
      const page = await fetch(`${server.url}/about`);
      expect(page.headers.get("strict-transport-security")).toMatch(/max-age=/);
    } finally {
      await server.stop();
      await storage.cleanup();
      await smtp.close();
    }
  });
});

describe("without TRUSTED_PROXY", () => {
  it("ignores X-Forwarded-For, so a forged header cannot dodge the login limit", async () => {
    const storage = await createStorage();
    const server = await startServer(storage);
    try {
      const statuses: number[] = [];
      for (let attempt = 0; attempt < 21; attempt++) {
        const forged = new ApiClient(server.url, `192.0.2.${attempt + 1}`);
        const response = await forged.post("/api/auth/login", {
          email: `nobody${attempt}@example.com`,
          password: PASSWORD,
        });
        statuses.push(response.status);
      }
      expect(statuses.slice(0, 20).every((s) => s === 401)).toBe(true);
      expect(statuses[20]).toBe(429);
    } finally {
      await server.stop();
      await storage.cleanup();
    }
  });
});

import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startSendGridFake } from "../fakes/sendgrid.ts";
import { ApiClient } from "../support/client.ts";
import { waitFor } from "../support/wait.ts";
import { createStorage, startServer, waitForLog } from "../support/server.ts";
import { useServer } from "../support/use-server.ts";

const PASSWORD = "violet-harbor-42";
const email = () => `mail-${randomUUID().slice(0, 8)}@example.com`;

describe("with SENDGRID_API_KEY set", () => {
  let sendgrid: Awaited<ReturnType<typeof startSendGridFake>>;

  beforeAll(async () => {
    sendgrid = await startSendGridFake();
  });

  afterAll(async () => {
    await sendgrid?.close();
  });

  const server = useServer({
    env: () => ({
      SENDGRID_API_KEY: "SG.test-key",
      SENDGRID_API_URL: sendgrid.url,
      MAIL_FROM: "Writer <no-reply@write.example>",
    }),
  });

  it("sends the verification e-mail through SendGrid's API, HTML and text", async () => {
    const to = email();
    const response = await new ApiClient(server.url).post("/api/auth/register", {
      email: to,
      password: PASSWORD,
      confirmPassword: PASSWORD,
      name: "Grace",
    });
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

  it("answers a resend whose mail fails like one that went out, and logs it without the token", async () => {
    const to = email();
    await new ApiClient(server.url).post("/api/auth/register", {
      email: to,
      password: PASSWORD,
      confirmPassword: PASSWORD,
    });
    // The registration's own mail is out before sends start failing.
    await waitFor("the registration's mail", () =>
      sendgrid.sent.some((m) => m.body.personalizations[0]!.to[0]!.email === to),
    );
    sendgrid.failWith(401);
    let failure: Record<string, unknown>;
    try {
      // The mail goes out after the answer, so that its timing tells nothing (decision 022).
      const resend = await new ApiClient(server.url).post("/api/auth/resend-verification", {
        email: to,
      });
      expect(resend.status).toBe(200);
      expect(resend.body).toEqual({
        success: true,
        message: "Verification email sent. Please check your inbox.",
      });
      // The fake fails until told otherwise: wait for the failed send before restoring it.
      failure = await waitForLog(server, (l) => l.msg === "email send failed" && l.to === to);
    } finally {
      sendgrid.failWith(null);
    }
    expect(failure).toMatchObject({ to, status: 401 });
    expect(JSON.stringify(server.logs)).not.toMatch(/token=/);
  });

  it("keeps no dev outbox, even for a loopback client", async () => {
    const response = await fetch(`${server.url}/dev/outbox?format=json`);
    expect(response.status).toBe(404);
  });
});

describe("in production", () => {
  it("refuses to start without a way to send e-mail, naming SENDGRID_API_KEY", async () => {
    const storage = await createStorage();
    try {
      await expect(startServer(storage, { env: { NODE_ENV: "production" } })).rejects.toThrow(
        /SENDGRID_API_KEY is required in production/,
      );
    } finally {
      await storage.cleanup();
    }
  });

  it("keeps the dev outbox closed, even for a loopback client", async () => {
    const sendgrid = await startSendGridFake();
    const storage = await createStorage();
    const server = await startServer(storage, {
      env: {
        NODE_ENV: "production",
        SENDGRID_API_KEY: "SG.test-key",
        SENDGRID_API_URL: sendgrid.url,
      },
    });
    try {
      const response = await fetch(`${server.url}/dev/outbox?format=json`);
      expect(response.status).toBe(404);
      const page = await fetch(`${server.url}/about`);
      expect(page.headers.get("strict-transport-security")).toMatch(/max-age=/);
    } finally {
      await server.stop();
      await storage.cleanup();
      await sendgrid.close();
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

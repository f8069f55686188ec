import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { startSmtpFake } from "../fakes/smtp.ts";
import { createStorage, startServer } from "../support/server.ts";

/**
 * The build runs our host: astro.config.ts's `astro:config:done` hook makes server/main.ts
 * the adapter's server entry, so that the host and the routes are one module graph
 * (decision 002). An Astro or adapter upgrade that stops honouring the hook would build the
 * adapter's own entry instead, a server with none of the host's headers, paths or drain;
 * this fails then. The api project's setup refuses a missing or stale build.
 */
describe("the built server", () => {
  it("starts at the entry Astro built from server/main.ts", () => {
    expect(readFileSync("dist/server/main.mjs", "utf8")).toMatch(
      /^await import\("\.\/entry\.mjs"\);$/m,
    );
    // The bundler heads each module it inlines with its path.
    expect(readFileSync("dist/server/entry.mjs", "utf8")).toMatch(/^\/\/ server\/main\.ts$/m);
  });
});

/** Issue 30: a start refused for its configuration says why in one line, no stack trace. */
describe("a start refused for its configuration", () => {
  async function refusal(env: Record<string, string>): Promise<string[]> {
    const storage = await createStorage();
    try {
      const error = await startServer(storage, { env }).then(
        () => new Error("the server started"),
        (refused: Error) => refused,
      );
      // startServer's message, then what the server printed on stderr.
      const [said, ...printed] = error.message.split("\n");
      expect(said).toBe("server exited with 1 before listening:");
      return printed.filter((line) => line.trim() !== "");
    } finally {
      await storage.cleanup();
    }
  }

  it("names the invalid variable in one line", async () => {
    expect(await refusal({ PORT: "not-a-port" })).toEqual([
      expect.stringMatching(/^Invalid environment: PORT: /),
    ]);
  });

  it("names the missing mail settings of production in one line", async () => {
    expect(await refusal({ NODE_ENV: "production" })).toEqual([
      "Invalid environment: production needs SMTP_URL or SENDGRID_API_KEY to send mail (e-mail verification and password reset)",
    ]);
  });
});

describe("production with no AI writer", () => {
  it("warns once that every text will be a template draft", async () => {
    const smtp = await startSmtpFake();
    const storage = await createStorage();
    const server = await startServer(storage, {
      env: { NODE_ENV: "production", SMTP_URL: smtp.url },
    });
    try {
      const warnings = server.logs.filter((entry) =>
        String(entry.msg).includes("every text will be a template draft"),
      );
      expect(warnings).toEqual([expect.objectContaining({ level: 40 })]);
    } finally {
      await server.stop();
      await storage.cleanup();
      await smtp.close();
    }
  });
});

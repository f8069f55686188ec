import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { ConfigError, assertReadyToServe, configVariables, parseConfig } from "#server/config.ts";
import { SERVER_NODE_FLAGS } from "../support/server.ts";

describe("parseConfig", () => {
  it("works with nothing set: embedded database, port 4321, local public URL", () => {
    const config = parseConfig({});
    expect(config.PORT).toBe(4321);
    expect(config.DATABASE_URL).toBeUndefined();
    expect(config.PUBLIC_URL).toBe("http://localhost:4321");
    expect(config.dataDir).toMatch(/\.data$/);
    expect(config.isProduction).toBe(false);
    expect(config.TRUSTED_PROXY.proxies).toBeNull();
  });

  it("treats an empty DATABASE_URL as unset and trims a trailing slash off PUBLIC_URL", () => {
    const config = parseConfig({ DATABASE_URL: "", PUBLIC_URL: "https://write.example/" });
    expect(config.DATABASE_URL).toBeUndefined();
    expect(config.PUBLIC_URL).toBe("https://write.example");
  });

  it.each([
    [{ PORT: "eighty" }, "PORT"],
    [{ DATABASE_URL: "mysql://x" }, "DATABASE_URL"],
    [{ PUBLIC_URL: "ftp://x" }, "PUBLIC_URL"],
    [{ SUPPORT_EMAIL: "not-an-address" }, "SUPPORT_EMAIL"],
    [{ TRUSTED_PROXY: "yes" }, "TRUSTED_PROXY"],
  ])("refuses %j, naming the variable", (env, name) => {
    expect(() => parseConfig(env)).toThrow(ConfigError);
    expect(() => parseConfig(env)).toThrow(name);
  });

  it("refuses a reservation timeout under 1.5 times the provider timeout, naming both", () => {
    expect(() =>
      parseConfig({ PROVIDER_TIMEOUT_MS: "30000", RESERVATION_TIMEOUT_MS: "44999" }),
    ).toThrow(
      /RESERVATION_TIMEOUT_MS \(44999\) must be at least 1.5 times PROVIDER_TIMEOUT_MS \(30000\)/,
    );
    expect(
      parseConfig({ PROVIDER_TIMEOUT_MS: "30000", RESERVATION_TIMEOUT_MS: "45000" })
        .RESERVATION_TIMEOUT_MS,
    ).toBe(45000);
  });

  it("refuses a whole-text deadline shorter than the silence a writer may keep, naming both", () => {
    expect(() =>
      parseConfig({ PROVIDER_TIMEOUT_MS: "30000", PROVIDER_TEXT_TIMEOUT_MS: "29999" }),
    ).toThrow(/PROVIDER_TEXT_TIMEOUT_MS \(29999\) must be at least PROVIDER_TIMEOUT_MS \(30000\)/);
    expect(parseConfig({}).PROVIDER_TEXT_TIMEOUT_MS).toBe(600_000);
  });

  it("bounds texts in flight: 2 per owner, half the local writer's line per address", () => {
    expect(parseConfig({}).TEXTS_IN_FLIGHT_PER_OWNER).toBe(2);
    expect(parseConfig({}).TEXTS_IN_FLIGHT_PER_ADDRESS).toBe(8);
    const small = { LOCAL_MODEL_CONCURRENCY: "2", LOCAL_MODEL_QUEUE: "1" };
    expect(parseConfig(small).TEXTS_IN_FLIGHT_PER_ADDRESS).toBe(2);
    expect(
      parseConfig({ ...small, TEXTS_IN_FLIGHT_PER_ADDRESS: "5" }).TEXTS_IN_FLIGHT_PER_ADDRESS,
    ).toBe(5);
    expect(() => parseConfig({ TEXTS_IN_FLIGHT_PER_OWNER: "0" })).toThrow(
      /TEXTS_IN_FLIGHT_PER_OWNER/,
    );
  });

  it("refuses a header deadline longer than the whole request's, naming both", () => {
    expect(() => parseConfig({ HEADERS_TIMEOUT_MS: "20000", REQUEST_TIMEOUT_MS: "10000" })).toThrow(
      /HEADERS_TIMEOUT_MS \(20000\) must not exceed REQUEST_TIMEOUT_MS \(10000\)/,
    );
    expect(parseConfig({}).REQUEST_TIMEOUT_MS).toBe(30_000);
  });

  it("refuses a TRUSTED_PROXY that is not addresses or CIDRs, naming the variable and entry", () => {
    expect(() => parseConfig({ TRUSTED_PROXY: "10.0.0.1, proxy.internal" })).toThrow(
      /TRUSTED_PROXY: "proxy.internal" is not an IP address or CIDR/,
    );
    expect(() => parseConfig({ TRUSTED_PROXY: "10.0.0.0/33" })).toThrow(/TRUSTED_PROXY/);
  });

  it("reads OPERATOR_EMAILS as trimmed, lower-cased addresses; none by default", () => {
    expect(parseConfig({}).OPERATOR_EMAILS).toEqual([]);
    expect(
      parseConfig({ OPERATOR_EMAILS: " Ops@Example.com, ,b@example.com " }).OPERATOR_EMAILS,
    ).toEqual(["ops@example.com", "b@example.com"]);
    expect(() => parseConfig({ OPERATOR_EMAILS: "ops@example.com,boss" })).toThrow(
      /OPERATOR_EMAILS: "boss" is not an e-mail address/,
    );
  });

  it("reads an empty variable as unset, keeping its default", () => {
    const config = parseConfig({ MAIL_FROM: "", MISTRAL_MODEL: " ", TRUSTED_PROXY: "" });
    expect(config.MAIL_FROM).toBe("AI Text Generator <no-reply@example.com>");
    expect(config.MISTRAL_MODEL).toBe("mistral-small-latest");
    expect(config.TRUSTED_PROXY.setting).toBe("0");
  });

  it("refuses to serve in production without SMTP_URL or SENDGRID_API_KEY, naming both", () => {
    const production = parseConfig({ NODE_ENV: "production" });
    expect(() => assertReadyToServe(production)).toThrow(
      /production needs SMTP_URL or SENDGRID_API_KEY to send mail/,
    );
    expect(() =>
      assertReadyToServe(parseConfig({ NODE_ENV: "production", SENDGRID_API_KEY: "SG.x" })),
    ).not.toThrow();
    expect(() =>
      assertReadyToServe(
        parseConfig({ NODE_ENV: "production", SMTP_URL: "smtps://u:p@mail.example:465" }),
      ),
    ).not.toThrow();
    expect(() => assertReadyToServe(parseConfig({}))).not.toThrow();
  });

  it("takes an smtp:// or smtps:// SMTP_URL and refuses others without echoing them", () => {
    expect(parseConfig({ SMTP_URL: " " }).SMTP_URL).toBeUndefined();
    expect(parseConfig({ SMTP_URL: "smtp://mail.example:587" }).SMTP_URL).toBe(
      "smtp://mail.example:587",
    );
    const refused = () => parseConfig({ SMTP_URL: "https://user:hunter2@mail.example" });
    expect(refused).toThrow(/SMTP_URL: must be an smtp:\/\/ or smtps:\/\/ URL/);
    expect(refused).not.toThrow(/hunter2/);
  });

  it("is documented in docs/configuration.md, every variable with its default", () => {
    const reference = readFileSync("docs/configuration.md", "utf8");
    for (const name of configVariables) expect(reference).toContain(`\`${name}\``);
  });
});

describe("docs/operations.md", () => {
  it("lists every npm script", () => {
    const reference = readFileSync("docs/operations.md", "utf8");
    const scripts = Object.keys(
      JSON.parse(readFileSync("package.json", "utf8")).scripts as Record<string, string>,
    );
    for (const name of scripts) {
      const command = name === "start" || name === "test" ? `npm ${name}` : `npm run ${name}`;
      expect(reference, `docs/operations.md should mention ${command}`).toContain(command);
    }
  });
});

describe("the server's Node flags", () => {
  it("are the same for npm start, npm run serve, the Docker image and the tests' servers", () => {
    const scripts = JSON.parse(readFileSync("package.json", "utf8")).scripts as Record<
      string,
      string
    >;
    const dockerfile = readFileSync("Dockerfile", "utf8");
    const flags = SERVER_NODE_FLAGS.join(" ");
    expect(scripts.start).toContain(`node ${flags} server/start.mjs`);
    expect(scripts.serve).toBe(`node ${flags} dist/server/main.mjs`);
    const cmd = ["node", ...SERVER_NODE_FLAGS, "server/start.mjs"].map((part) => `"${part}"`);
    expect(dockerfile).toContain(`CMD [${cmd.join(", ")}]`);
    const browserTests = readFileSync("playwright.config.ts", "utf8");
    expect(browserTests).toContain(`command: "node ${flags} tests/e2e/serve.ts"`);
  });
});

import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { ConfigError, configVariables, parseConfig } from "../../src/lib/server/config.ts";

describe("parseConfig", () => {
  it("works with nothing set: embedded database, port 4321, local public URL", () => {
    const config = parseConfig({});
    expect(config.PORT).toBe(4321);
    expect(config.DATABASE_URL).toBeUndefined();
    expect(config.PUBLIC_URL).toBe("http://localhost:4321");
    expect(config.dataDir).toMatch(/\.data$/);
    expect(config.isProduction).toBe(false);
    expect(config.TRUSTED_PROXY).toBe(false);
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

  it("is documented in the README, every variable with its default", () => {
    const readme = readFileSync("README.md", "utf8");
    for (const name of configVariables) expect(readme).toContain(`\`${name}\``);
  });
});

describe("README", () => {
  it("lists every npm script", () => {
    const readme = readFileSync("README.md", "utf8");
    const scripts = Object.keys(
      JSON.parse(readFileSync("package.json", "utf8")).scripts as Record<string, string>,
    );
    for (const name of scripts) {
      const command = name === "start" || name === "test" ? `npm ${name}` : `npm run ${name}`;
      expect(readme, `README should mention ${command}`).toContain(command);
    }
  });
});

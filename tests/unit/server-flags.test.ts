import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { SERVER_MALLOC_ENV, SERVER_NODE_FLAGS } from "../../server/node-flags.ts";

const scripts = (
  JSON.parse(readFileSync("package.json", "utf8")) as { scripts: Record<string, string> }
).scripts;
const dockerfile = readFileSync("Dockerfile", "utf8");
const dockerCmd = /^CMD (\[.*\])$/m.exec(dockerfile)?.[1] ?? "[]";

describe("the server's Node flags", () => {
  it("are given, all of them, by npm start, npm run serve and the Dockerfile", () => {
    const flags = SERVER_NODE_FLAGS.join(" ");
    expect(scripts.start).toContain(`node ${flags} server/start.mjs`);
    expect(scripts.serve).toContain(`node ${flags} dist/server/main.mjs`);
    expect(JSON.parse(dockerCmd)).toEqual(["node", ...SERVER_NODE_FLAGS, "dist/server/main.mjs"]);
  });
});

describe("the server's malloc settings", () => {
  it("are the Docker image's environment", () => {
    const env = Object.entries(SERVER_MALLOC_ENV).map(([name, value]) => `${name}=${value}`);
    expect(dockerfile).toMatch(new RegExp(`^ENV ${env.join(" ")}$`, "m"));
  });
});

import { spawnSync, type SpawnSyncReturns } from "node:child_process";
import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";

/**
 * What a newcomer meets before anything runs (issue 21): an old Node, a missing Chromium.
 * Each runs the real npm command; npm starts in about a second here alone, many times that
 * on a busy machine, so these bound a hang, not speed.
 */
const TIMEOUT = 120_000;
const npm = process.platform === "win32" ? "npm.cmd" : "npm";

function run(command: string, args: string[], env: NodeJS.ProcessEnv): SpawnSyncReturns<string> {
  return spawnSync(command, args, {
    encoding: "utf8",
    env: { ...process.env, ...env },
    timeout: TIMEOUT,
  });
}

/** A preload that makes npm and every Node it starts report Node 20, as on Debian 12. */
function nodeTwenty(): NodeJS.ProcessEnv {
  const preload = join(mkdtempSync(join(tmpdir(), "first-run-")), "node20.cjs");
  writeFileSync(
    preload,
    [
      'Object.defineProperty(process, "version", { value: "v20.20.2" });',
      'Object.defineProperty(process, "versions", { value: { ...process.versions, node: "20.20.2" } });',
    ].join("\n"),
  );
  return { NODE_OPTIONS: `--require ${preload}` };
}

describe("an older Node", () => {
  it(
    "gets one line from npm start naming the Node to install, not npm's devEngines report",
    () => {
      const result = run(npm, ["start"], nodeTwenty());
      expect(result.status).toBe(1);
      expect(result.stderr.trim().split("\n")).toEqual([
        "This project needs Node.js 22.18 or newer (it runs .ts files directly); this is Node.js 20.20.2. Install Node 24 (see .nvmrc) and try again.",
      ]);
    },
    TIMEOUT,
  );

  it(
    "stops npm install at once with the required and the actual version",
    () => {
      const result = run(npm, ["install", "--dry-run", "--no-audit", "--no-fund"], nodeTwenty());
      expect(result.status).not.toBe(0);
      expect(result.stderr).toContain("EBADENGINE");
      expect(result.stderr).toContain('Required: {"node":">=22.18.0"}');
    },
    TIMEOUT,
  );
});

describe("npm test without Chromium", () => {
  it(
    "stops before the formatter check, naming the package to install and CHROMIUM_PATH",
    () => {
      const result = run(npm, ["test"], { CHROMIUM_PATH: "/nonexistent/chromium" });
      expect(result.status).toBe(1);
      expect(result.stderr).toContain("no executable at /nonexistent/chromium");
      expect(result.stderr).toContain("apt-get install -y chromium");
      expect(result.stderr).toContain("set CHROMIUM_PATH");
      // The check runs first: nothing of the suite started.
      expect(result.stdout).not.toMatch(/> \S+ lint/);
    },
    TIMEOUT,
  );

  it(
    "passes for an executable file, and not for a folder",
    () => {
      const check = (path: string) =>
        run(process.execPath, ["scripts/check-chromium.cjs"], { CHROMIUM_PATH: path }).status;
      expect(check(process.execPath)).toBe(0);
      expect(check(tmpdir())).toBe(1);
    },
    TIMEOUT,
  );
});

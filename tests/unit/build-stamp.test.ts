import { spawnSync } from "node:child_process";
import { cp, mkdir, mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";

/**
 * Issue 21, item 1: `npm start` (server/start.mjs, the real file) rebuilds when the build's
 * stamp is not the checkout's. The build steps are stand-ins in a scratch checkout: each
 * writes what it stands for, and the "server" says which build it is.
 */
let root: string;

const FAKE_ASTRO = `import { mkdirSync, writeFileSync } from "node:fs";
mkdirSync("dist/server", { recursive: true });
writeFileSync("dist/astro-ran", "");`;
const FAKE_SERVER_BUILD = `import { readFileSync, writeFileSync } from "node:fs";
const migrations = readFileSync("drizzle/migrations.sql", "utf8").trim();
writeFileSync("dist/server/main.mjs", \`console.log("serving the build with \${migrations}");\`);`;

beforeEach(async () => {
  root = await mkdtemp(join(tmpdir(), "aitext-stamp-"));
  await mkdir(join(root, "server"));
  await mkdir(join(root, "scripts"));
  await mkdir(join(root, "src"));
  await mkdir(join(root, "drizzle"));
  await mkdir(join(root, "node_modules/astro/bin"), { recursive: true });
  await cp(resolve("server/start.mjs"), join(root, "server/start.mjs"));
  await cp(resolve("scripts/build-stamp.mjs"), join(root, "scripts/build-stamp.mjs"));
  await writeFile(join(root, "node_modules/astro/bin/astro.mjs"), FAKE_ASTRO);
  await writeFile(join(root, "scripts/build-server.ts"), FAKE_SERVER_BUILD);
  await writeFile(join(root, "scripts/make-pglite-seed.ts"), "");
  await writeFile(join(root, "src/page.ts"), "export const page = 1;\n");
  await writeFile(join(root, "drizzle/migrations.sql"), "0000\n");
  await writeFile(join(root, "package-lock.json"), "{}\n");
  await writeFile(join(root, "astro.config.ts"), "export default {};\n");
});

afterEach(async () => {
  await rm(root, { recursive: true, force: true });
});

/**
 * Each test runs npm start two to five times, over 3 s in all here alone and many times that
 * on a busy machine: these bound a hang, not speed.
 */
const TIMEOUT = 120_000;

const ADDRESSES = { PUBLIC_URL: "https://a.example", SUPPORT_EMAIL: "help@a.example" };

function startWith(addresses: Record<string, string>) {
  return spawnSync(process.execPath, ["server/start.mjs"], {
    cwd: root,
    encoding: "utf8",
    timeout: TIMEOUT,
    env: { ...process.env, ...ADDRESSES, ...addresses },
  });
}

function npmStart(addresses: Record<string, string> = {}): string[] {
  const run = startWith(addresses);
  expect(run.status, run.stderr).toBe(0);
  return run.stdout.trim().split("\n");
}

describe("npm start and the build's stamp", { timeout: TIMEOUT }, () => {
  it("builds when there is no build, then serves that build as it is", async () => {
    expect(npmStart()).toEqual([
      "No build found: building first.",
      "wrote dist/build-stamp.json",
      "serving the build with 0000",
    ]);
    expect(npmStart()).toEqual(["serving the build with 0000"]);
  });

  it("rebuilds, saying so in one line, after a pull brings a new migration", async () => {
    npmStart();
    await writeFile(join(root, "drizzle/migrations.sql"), "0000 0001\n");
    expect(npmStart()).toEqual([
      "The sources, migrations or lockfile changed since the last build: building again.",
      "wrote dist/build-stamp.json",
      "serving the build with 0000 0001",
    ]);
  });

  it("rebuilds after a change to the lockfile or a source file", async () => {
    npmStart();
    await writeFile(join(root, "package-lock.json"), '{"lockfileVersion":3}\n');
    expect(npmStart()[0]).toMatch(/changed since the last build/);
    await writeFile(join(root, "src/page.ts"), "export const page = 2;\n");
    expect(npmStart()[0]).toMatch(/changed since the last build/);
  });

  it("rebuilds a build from before stamps existed", async () => {
    npmStart();
    await rm(join(root, "dist/build-stamp.json"));
    expect(npmStart()[0]).toBe(
      "The build has no stamp (built by an older version): building again.",
    );
    expect(JSON.parse(await readFile(join(root, "dist/build-stamp.json"), "utf8")).stamp).toMatch(
      /^[0-9a-f]{16}$/,
    );
  });

  it("serves a folder that holds only the build (an image) without building", async () => {
    npmStart();
    await rm(join(root, "astro.config.ts"));
    await writeFile(join(root, "drizzle/migrations.sql"), "0000 0001\n");
    expect(npmStart()).toEqual(["serving the build with 0000"]);
  });

  it("rebuilds, saying so in one line, when PUBLIC_URL or SUPPORT_EMAIL is not the build's", () => {
    npmStart();
    expect(npmStart({ PUBLIC_URL: "https://b.example/" })).toEqual([
      "PUBLIC_URL is https://b.example here but https://a.example in the build: building again.",
      "wrote dist/build-stamp.json",
      "serving the build with 0000",
    ]);
    expect(npmStart({ PUBLIC_URL: "https://b.example" })).toEqual(["serving the build with 0000"]);
    expect(npmStart({ PUBLIC_URL: "https://b.example", SUPPORT_EMAIL: "" })[0]).toBe(
      "SUPPORT_EMAIL is support@example.com here but help@a.example in the build: building again.",
    );
  });

  it("refuses in one line to serve an image's build at another address", async () => {
    npmStart();
    await rm(join(root, "astro.config.ts"));
    const run = startWith({ SUPPORT_EMAIL: "help@b.example" });
    expect(run.status).toBe(1);
    expect(run.stdout).toBe("");
    expect(run.stderr).toBe(
      "SUPPORT_EMAIL is help@b.example here but help@a.example in the build; build again with it (a build argument in compose.yaml).\n",
    );
  });
});

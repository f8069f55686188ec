import { spawnSync } from "node:child_process";
import {
  cpSync,
  mkdtempSync,
  mkdirSync,
  readFileSync,
  rmSync,
  symlinkSync,
  writeFileSync,
} from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { parse, stringify } from "yaml";
import { USE_CASE_DIR } from "../support/use-case-files.ts";

/**
 * Issue 42: a wrong use-case file fails the build, naming the file and the field. A fixture
 * project holds a collection like the site's (the real schema) and runs `astro sync`, which
 * checks content as the build does, in seconds.
 */
const MODEL = "cold-outreach-email.yaml";
const fixture = mkdtempSync(join(tmpdir(), "use-case-build-"));
const folder = join(fixture, "src/content/use-cases");
mkdirSync(folder, { recursive: true });
symlinkSync(resolve("node_modules"), join(fixture, "node_modules"));
writeFileSync(join(fixture, "package.json"), '{ "type": "module", "private": true }\n');
// Caches in the fixture: node_modules is shared with the project.
writeFileSync(
  join(fixture, "astro.config.mjs"),
  'export default { cacheDir: "./.cache", vite: { cacheDir: "./.cache/vite", logLevel: "silent" } };\n',
);
writeFileSync(
  join(fixture, "src/content.config.ts"),
  `import { defineCollection } from "astro:content";
import { glob } from "astro/loaders";
import { useCaseSchema } from ${JSON.stringify(resolve("src/lib/shared/use-cases.ts"))};

const useCases = defineCollection({
  loader: glob({ pattern: "*.{yaml,yml}", base: "./src/content/use-cases" }),
  schema: useCaseSchema,
});
export const collections = { useCases };
`,
);
cpSync(join(USE_CASE_DIR, MODEL), join(folder, MODEL));

afterAll(() => rmSync(fixture, { recursive: true, force: true }));

/** `astro sync` takes 3 to 4 s here alone, many times that on a busy machine: a hang's bound. */
const TIMEOUT = 120_000;

function astroSync(): { status: number | null; output: string } {
  const run = spawnSync(process.execPath, [resolve("node_modules/astro/bin/astro.mjs"), "sync"], {
    cwd: fixture,
    encoding: "utf8",
    timeout: TIMEOUT,
    env: { ...process.env, NO_COLOR: "1", FORCE_COLOR: "0" },
  });
  return { status: run.status, output: `${run.stdout}\n${run.stderr}` };
}

describe("a use-case file the schema refuses", { timeout: TIMEOUT }, () => {
  it("is accepted while the collection holds only the model file", () => {
    const { status, output } = astroSync();
    expect(status, output).toBe(0);
  });

  it("fails the build, naming the file and the field", () => {
    const broken = parse(readFileSync(join(USE_CASE_DIR, MODEL), "utf8")) as {
      slug: string;
      fields: { kind: string }[];
    };
    broken.slug = "broken-example";
    // A kind of field no form knows, on the second field.
    broken.fields[1]!.kind = "essay";
    writeFileSync(join(folder, "broken-example.yaml"), stringify(broken));

    const { status, output } = astroSync();
    expect(status).not.toBe(0);
    expect(output).toContain("broken-example.yaml");
    expect(output).toContain("fields.1.kind");
  });
});

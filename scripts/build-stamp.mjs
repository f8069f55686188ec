// The build's stamp (decision 094): one hash over everything that shapes `dist/`, the
// sources, the migrations and the lockfile. The build writes it into dist/; `npm start`
// compares it with the checkout's, so that a `git pull` is never served by the build
// from before it. Plain JavaScript: server/start.mjs loads it without type stripping.
import { createHash } from "node:crypto";
import { existsSync, readdirSync, readFileSync, statSync, writeFileSync } from "node:fs";
import { join, relative } from "node:path";
import { pathToFileURL } from "node:url";

/** What the build reads: a change to any of these is a change to the build. */
export const BUILD_INPUTS = [
  "astro.config.ts",
  "tsconfig.json",
  "package.json",
  "package-lock.json",
  "src",
  "server",
  "public",
  "drizzle",
  "vendor",
  "scripts/build-server.ts",
  "scripts/make-pglite-seed.ts",
];

export const STAMP_FILE = "dist/build-stamp.json";

function* filesUnder(root, path) {
  const full = join(root, path);
  if (!existsSync(full)) return;
  if (!statSync(full).isDirectory()) {
    yield path;
    return;
  }
  for (const name of readdirSync(full).sort()) yield* filesUnder(root, join(path, name));
}

/** The stamp of the checkout at `root`: names and contents of every build input. */
export function sourceStamp(root = ".") {
  const hash = createHash("sha256");
  for (const input of BUILD_INPUTS) {
    for (const file of filesUnder(root, input)) {
      hash.update(relative(root, join(root, file)).replaceAll("\\", "/"));
      hash.update("\0");
      hash.update(readFileSync(join(root, file)));
      hash.update("\0");
    }
  }
  return hash.digest("hex").slice(0, 16);
}

/**
 * The addresses a build bakes into its pages (canonical links, the sitemap, the contact
 * page): read at build time, so a start with other ones needs another build. Empty is unset.
 */
export function buildAddresses(env = process.env) {
  // The defaults of astro.config.ts and src/lib/server/config.ts.
  const given = (name, fallback) => env[name]?.trim() || fallback;
  return {
    PUBLIC_URL: given("PUBLIC_URL", "http://localhost:4321").replace(/\/+$/, ""),
    SUPPORT_EMAIL: given("SUPPORT_EMAIL", "support@example.com"),
  };
}

/** The first address that differs from the build's, as one line; null when none does. */
export function addressChange(root = ".", env = process.env) {
  let built;
  try {
    built = JSON.parse(readFileSync(join(root, STAMP_FILE), "utf8")).addresses;
  } catch {
    return null;
  }
  if (!built) return null;
  const now = buildAddresses(env);
  const name = Object.keys(now).find((key) => now[key] !== built[key]);
  return name ? `${name} is ${now[name]} here but ${built[name]} in the build` : null;
}

/** The stamp the last build wrote, or null when it wrote none. */
export function builtStamp(root = ".") {
  try {
    return JSON.parse(readFileSync(join(root, STAMP_FILE), "utf8")).stamp ?? null;
  } catch {
    return null;
  }
}

/**
 * Whether `npm start` must build first, and the line that says why; null when the build is
 * the checkout's. A folder without the sources (the Docker image holds only the build and
 * src/lib) is served as it is.
 */
export function buildNeeded(root = ".") {
  if (!existsSync(join(root, "dist/server/main.mjs"))) return "No build found: building first.";
  if (!existsSync(join(root, "astro.config.ts"))) return null;
  const built = builtStamp(root);
  if (built === sourceStamp(root)) {
    const change = addressChange(root);
    return change ? `${change}: building again.` : null;
  }
  return built === null
    ? "The build has no stamp (built by an older version): building again."
    : "The sources, migrations or lockfile changed since the last build: building again.";
}

// `node scripts/build-stamp.mjs`: the build's last step writes the stamp.
if (import.meta.url === pathToFileURL(process.argv[1] ?? "").href) {
  writeFileSync(
    STAMP_FILE,
    `${JSON.stringify({ stamp: sourceStamp(), builtAt: new Date().toISOString(), addresses: buildAddresses() })}\n`,
  );
  console.log(`wrote ${STAMP_FILE}`);
}

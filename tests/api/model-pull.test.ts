import { execFile } from "node:child_process";
import { createHash, randomBytes } from "node:crypto";
import { existsSync } from "node:fs";
import { mkdtemp, readFile, readdir, rm } from "node:fs/promises";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startModelHost, type ModelHostOptions } from "../fakes/model-host.ts";

/**
 * Issue 21, item 2: `npm run model:pull` (scripts/pull-model.ts, run as the Dockerfile runs
 * it) retries with backoff, resumes a cut download with a Range request, and gives up with
 * exit code 1 and one line naming the cause. The model host is a loopback server that
 * answers like Hugging Face.
 */
const NAME = "pull-test.gguf";
const file = randomBytes(1 << 20);
const sha256 = createHash("sha256").update(file).digest("hex");
let scratch: string;
const cleanups: (() => Promise<void>)[] = [];

beforeAll(async () => {
  scratch = await mkdtemp(join(tmpdir(), "model-pull-"));
});

afterAll(async () => {
  for (const cleanup of cleanups.reverse()) await cleanup();
  await rm(scratch, { recursive: true, force: true });
});

async function host(options: Partial<ModelHostOptions> = {}) {
  const started = await startModelHost({ file, name: NAME, ...options });
  cleanups.push(started.close);
  return started;
}

/** Runs the script to its end; the short wait keeps retries quick, the backoff is p-retry's. */
function pull(localModel: string, dataDir: string, args: string[] = []) {
  return new Promise<{ code: number; stdout: string; stderr: string }>((resolve) => {
    execFile(
      process.execPath,
      ["scripts/pull-model.ts", "--retry-delay-ms", "10", ...args],
      {
        env: {
          ...process.env,
          NODE_ENV: "development",
          LOCAL_MODEL: localModel,
          DATA_DIR: dataDir,
        },
      },
      (error, stdout, stderr) => {
        resolve({ code: error ? Number(error.code) : 0, stdout, stderr });
      },
    );
  });
}

const freshDir = () => mkdtemp(join(scratch, "data-"));
const bytesRequests = (requests: { path: string; method: string; range?: string }[]) =>
  requests.filter((r) => r.path.startsWith("/cdn/") && r.method === "GET");

describe("npm run model:pull", () => {
  it("waits and tries again after a 503, then downloads the whole file", async () => {
    const modelHost = await host({ unavailableFirst: 1 });
    const dataDir = await freshDir();
    const result = await pull(modelHost.modelUrl, dataDir);
    expect(result.stderr).toBe("");
    expect(result.code).toBe(0);
    // Nothing reached the disk: the next attempt starts, it does not resume.
    expect(result.stdout).toMatch(
      /^Attempt 1 of 6 failed: HTTP 503 Service Unavailable; trying again in [\d.]+ s\.$/m,
    );
    expect(bytesRequests(modelHost.requests)).toHaveLength(2);
    const downloaded = await readFile(join(dataDir, "models", NAME));
    expect(createHash("sha256").update(downloaded).digest("hex")).toBe(sha256);
    expect(await readdir(join(dataDir, "models"))).toEqual([NAME]);
  });

  it("resumes a download whose connection was cut, asking for the rest with Range", async () => {
    const cutAt = 300_000;
    const modelHost = await host({ cutFirstAt: cutAt });
    const dataDir = await freshDir();
    const result = await pull(modelHost.modelUrl, dataDir);
    expect(result.code).toBe(0);
    expect(result.stdout).toMatch(
      /Attempt 1 of 6 failed: the connection was cut.*, resuming after the \d+ bytes on disk\.$/m,
    );
    const ranges = bytesRequests(modelHost.requests).map((r) => r.range);
    expect(ranges).toHaveLength(2);
    expect(ranges[0]).toBeUndefined();
    // What reached the disk before the cut, not the whole file again.
    const resumedAt = Number(/^bytes=(\d+)-$/.exec(ranges[1] ?? "")?.[1]);
    expect(resumedAt).toBeGreaterThan(0);
    expect(resumedAt).toBeLessThanOrEqual(cutAt);
    const downloaded = await readFile(join(dataDir, "models", NAME));
    expect(createHash("sha256").update(downloaded).digest("hex")).toBe(sha256);
  });

  it("gives up after its attempts with exit code 1 and one line naming the HTTP status", async () => {
    const modelHost = await host({ unavailableFirst: 1_000 });
    const result = await pull(modelHost.modelUrl, await freshDir(), ["--attempts", "3"]);
    expect(result.code).toBe(1);
    expect(result.stderr).toBe(
      "The download failed after 3 attempts: HTTP 503 Service Unavailable. Run `npm run model:pull` again.\n",
    );
    expect(bytesRequests(modelHost.requests)).toHaveLength(3);
  });

  it("names a host that cannot be reached as no network", async () => {
    // A port that was free a moment ago: nothing listens there.
    const probe = createServer();
    await new Promise<void>((resolve) => probe.listen(0, "127.0.0.1", resolve));
    const { port } = probe.address() as { port: number };
    await new Promise((resolve) => probe.close(resolve));
    const result = await pull(`http://127.0.0.1:${port}/${NAME}`, await freshDir(), [
      "--attempts",
      "2",
    ]);
    expect(result.code).toBe(1);
    expect(result.stderr.trim().split("\n")).toEqual([
      `The download failed after 2 attempts: no network (connect ECONNREFUSED 127.0.0.1:${port}). Run \`npm run model:pull\` again.`,
    ]);
  });

  it("refuses at once a file whose SHA-256 is not the announced one, and deletes it", async () => {
    const modelHost = await host({ announcedSha256: "0".repeat(64) });
    const dataDir = await freshDir();
    const result = await pull(modelHost.modelUrl, dataDir);
    expect(result.code).toBe(1);
    expect(result.stderr.trim().split("\n")).toEqual([
      `The download was refused: checksum mismatch: its SHA-256 is ${sha256}, not ${"0".repeat(64)}. The file was deleted; check LOCAL_MODEL.`,
    ]);
    expect(bytesRequests(modelHost.requests)).toHaveLength(1);
    expect(existsSync(join(dataDir, "models", NAME))).toBe(false);
    expect(await readdir(join(dataDir, "models"))).toEqual([]);
  });

  it("does not ask again for a file the host does not have", async () => {
    const modelHost = await host();
    const missing = modelHost.modelUrl.replace(NAME, "missing.gguf");
    const result = await pull(missing, await freshDir());
    expect(result.code).toBe(1);
    expect(result.stderr).toBe(
      "The download failed after 1 attempt: HTTP 404 Not Found. Check LOCAL_MODEL.\n",
    );
  });
});

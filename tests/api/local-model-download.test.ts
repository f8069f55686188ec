import { createHash } from "node:crypto";
import { existsSync } from "node:fs";
import { mkdtemp, readFile, readdir, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startModelHost } from "../fakes/model-host.ts";
import { ApiClient, signUp } from "../support/client.ts";
import { createStorage, startServer, type RunningServer, type Storage } from "../support/server.ts";
import { CATALOGUE_SHAPES, tinyShape, writeShapedGguf } from "../support/shaped-gguf.ts";
import { MODEL_TEST_TIMEOUT_MS, waitFor } from "../support/wait.ts";

/**
 * Issue 9, item 3: the first start downloads the model in the background (from a
 * loopback host that answers like Hugging Face), resumes a cut, refuses a file that is
 * not the announced one, and goes on with template drafts when it has no model.
 */
const NAME = "tiny-test.gguf";
const OPERATOR = "operator@example.com";
const request = {
  content: "A note to my neighbour about the parcel.",
  language: "english",
  contentType: "letter",
};

let modelFile: Buffer;
let scratch: string;
const cleanups: (() => Promise<void>)[] = [];

beforeAll(async () => {
  scratch = await mkdtemp(join(tmpdir(), "model-download-"));
  // The default's architecture at toy size: its vocabulary holds our longest instructions
  // beside a long text in the context (the byte-spelling tiny model's no longer does).
  await writeShapedGguf(join(scratch, NAME), tinyShape(CATALOGUE_SHAPES["qwen2.5-0.5b"]!));
  modelFile = await readFile(join(scratch, NAME));
});

afterAll(async () => {
  for (const cleanup of cleanups.reverse()) await cleanup();
  await rm(scratch, { recursive: true, force: true });
});

async function serverWith(
  localModel: string,
): Promise<{ server: RunningServer; storage: Storage }> {
  const storage = await createStorage();
  const server = await startServer(storage, {
    env: {
      TRUSTED_PROXY: "1",
      LOCAL_MODEL: localModel,
      LOCAL_MODEL_THREADS: "1",
      OPERATOR_EMAILS: OPERATOR,
    },
  });
  cleanups.push(async () => {
    await server.stop();
    await storage.cleanup();
  });
  return { server, storage };
}

const engines = async (server: RunningServer) =>
  (await fetch(`${server.url}/api/email/engines`)).json();

/** The engines status as an operator reads it: with the cause of a failure and the retries. */
async function operatorEngines(server: RunningServer) {
  const { client } = await signUp(server.url, true, OPERATOR);
  return async () => (await client.get("/api/email/engines")).body;
}

const modelsDir = (storage: Storage) => join(storage.env.DATA_DIR!, "models");

// Each test starts a server on a fresh folder (about 10 s here alone) and loads a model;
// under the parallel suite on this machine one took 28 s and the next passed 30: the waits
// for the model bound a hang, not speed.
describe("the first start", () => {
  it("answers at once, downloads with progress into DATA_DIR/models, then writes with llama", async () => {
    const host = await startModelHost({
      file: modelFile,
      name: NAME,
      holdAt: modelFile.length >> 1,
    });
    cleanups.push(host.close);
    const { server, storage } = await serverWith(host.modelUrl);

    // Half the file is in: the server answers, says so, and writes free template drafts.
    const halfway = await waitFor("the download to reach half", () => engines(server), {
      done: (status) => status.local.state === "downloading" && status.local.percent >= 50,
    });
    expect(halfway).toMatchObject({ writer: "template", templateReason: "downloading" });
    // The page shows a bar, the sizes and the time left from these (issue 44).
    expect(halfway.local).toMatchObject({ totalBytes: modelFile.length, retry: null });
    expect(halfway.local.receivedBytes).toBeGreaterThanOrEqual(modelFile.length >> 1);
    const guest = new ApiClient(server.url);
    const draft = await guest.post("/api/email/generate", request);
    expect(draft.body).toMatchObject({ modelUsed: "local", templateReason: "downloading" });

    host.release();
    await waitFor("the local writer", () => engines(server), {
      done: (status) => status.local.state === "ready",
      timeoutMs: MODEL_TEST_TIMEOUT_MS,
    });
    const file = await readFile(join(modelsDir(storage), NAME));
    expect(createHash("sha256").update(file).digest("hex")).toBe(host.sha256);
    expect(await readdir(modelsDir(storage))).toEqual([NAME]);
    const progress = server.logs
      .filter((entry) => String(entry.msg).startsWith("local writer download"))
      .map((entry) => entry.percent);
    expect(progress).toContain(50);
    expect(progress.at(-1)).toBe(100);

    const written = await guest.post("/api/email/generate", { ...request, length: "short" });
    expect(written.body).toMatchObject({ success: true, modelUsed: "llama" });
  });

  it("resumes a download cut halfway from where it stopped", async () => {
    const cutAt = 200_000;
    const host = await startModelHost({ file: modelFile, name: NAME, cutFirstAt: cutAt });
    cleanups.push(host.close);
    const { server, storage } = await serverWith(host.modelUrl);
    await waitFor("the local writer", () => engines(server), {
      done: (status) => status.local.state === "ready",
      timeoutMs: MODEL_TEST_TIMEOUT_MS,
    });
    const ranges = host.requests.filter((r) => r.path.startsWith("/cdn/")).map((r) => r.range);
    // The cut may lose the last bytes in flight (a reset socket, an unflushed write); the
    // second request asks for the rest of what reached the disk, not for the whole file.
    expect(ranges).toHaveLength(2);
    expect(ranges[0]).toBeUndefined();
    const resumedAt = Number(/^bytes=(\d+)-$/.exec(ranges[1] ?? "")?.[1]);
    expect(resumedAt).toBeGreaterThan(cutAt / 2);
    expect(resumedAt).toBeLessThanOrEqual(cutAt);
    const file = await readFile(join(modelsDir(storage), NAME));
    expect(createHash("sha256").update(file).digest("hex")).toBe(host.sha256);
  });

  it("logs one line when the download starts failing and one when it works again, not one a retry", async () => {
    // Two 503s: two retries (2 s, then 4 s), then the file.
    const host = await startModelHost({ file: modelFile, name: NAME, unavailableFirst: 2 });
    cleanups.push(host.close);
    const { server } = await serverWith(host.modelUrl);
    await waitFor("the local writer", () => engines(server), {
      done: (status) => status.local.state === "ready",
      timeoutMs: MODEL_TEST_TIMEOUT_MS,
    });
    const said = (start: string) =>
      server.logs.filter((entry) => String(entry.msg).startsWith(start));
    expect(
      host.requests.filter((r) => r.path.startsWith("/cdn/") || r.method === "HEAD").length,
    ).toBeGreaterThanOrEqual(3);
    expect(said("The local writer's download is failing (HTTP 503")).toHaveLength(1);
    expect(said("The local writer's download works again")).toHaveLength(1);
  });

  it("a stop during the download logs a clean stop, with no advice to pull the model", async () => {
    const host = await startModelHost({ file: modelFile, name: NAME, unavailableFirst: 1_000 });
    cleanups.push(host.close);
    const { server } = await serverWith(host.modelUrl);
    const asOperator = await operatorEngines(server);
    await waitFor("a failed attempt", asOperator, {
      done: (status) => status.local.state === "downloading" && status.local.retry !== null,
    });
    // Ctrl-C.
    server.process.kill("SIGINT");
    expect(await server.stop()).toBe(0);
    expect(server.logs.map((entry) => entry.msg)).toContain("stopped");
    expect(JSON.stringify(server.logs)).not.toContain("model:pull");
  });

  it("refuses a file whose size is not the announced one, and writes template drafts", async () => {
    const host = await startModelHost({
      file: modelFile,
      name: NAME,
      announcedSize: modelFile.length + 1,
    });
    cleanups.push(host.close);
    const { server, storage } = await serverWith(host.modelUrl);
    const status = await waitFor("the download to be refused", await operatorEngines(server), {
      done: (current) => current.local.state === "failed",
    });
    expect(status).toMatchObject({ writer: "template", templateReason: "failed" });
    expect(status.local.reason).toContain(`where the model has ${modelFile.length + 1}`);
    expect(existsSync(join(modelsDir(storage), NAME))).toBe(false);
    const warnings = server.logs.filter((entry) =>
      String(entry.msg).includes("local writer is not available"),
    );
    expect(warnings).toHaveLength(1);
  });

  it("an unloadable model file gives one clear log line and template drafts, not a crash", async () => {
    const broken = join(scratch, "broken.gguf");
    await writeFile(broken, Buffer.concat([Buffer.from("GGUF"), Buffer.alloc(1000, 7)]));
    const { server } = await serverWith(broken);
    // Loading the runtime before the file is read takes seconds on a busy machine, as for
    // "the local writer" above.
    await waitFor("the model to be refused", () => engines(server), {
      done: (status) => status.local.state === "failed",
      timeoutMs: MODEL_TEST_TIMEOUT_MS,
    });
    const warnings = server.logs.filter((entry) =>
      String(entry.msg).includes("local writer is not available"),
    );
    expect(warnings).toHaveLength(1);
    expect(String(warnings[0]!.msg)).toContain("broken.gguf could not be loaded");
    // A visitor reads that the writer is unavailable, not the server's path (issue 30);
    // an operator reads why.
    const told = await engines(server);
    expect(told).toMatchObject({ templateReason: "failed", local: { state: "failed" } });
    expect(JSON.stringify(told)).not.toContain(scratch);
    expect((await (await operatorEngines(server))()).local.reason).toContain(
      `${broken} could not be loaded`,
    );

    const guest = new ApiClient(server.url);
    const draft = await guest.post("/api/email/generate", request);
    expect(draft.status).toBe(200);
    expect(draft.body).toMatchObject({ modelUsed: "local", templateReason: "failed" });
    expect((await fetch(`${server.url}/healthz`)).status).toBe(200);
  });
});

/**
 * The files one local-model text passes (issue 18, item 2): prints which of our own source
 * files (under src/ and server/) run code while one text is written, and how many.
 *
 * What it counts: a new guest's text, from the call of POST /api/email/generate's handler
 * (src/pages/api/email/generate.ts) to the last event of its server-sent answer read, plus
 * a moment for what the text leaves running (its sequence being cleaned, the Stop poll).
 * The local writer is a random-weight GGUF of the default model's shape (the tests'
 * helper), on the embedded database. A file counts when V8's precise coverage sees any of
 * its code run in that window, on the main thread or the database's. What every request
 * passes before the route (the host, Astro, the middleware) is not run, and a first text
 * is written before the measured one, so once-per-process set-up (config, logger, keys)
 * is not counted.
 *
 * Usage: node scripts/code-path.ts (`npm run measures` runs it and shows its count)
 */
import { mkdir, mkdtemp, rm } from "node:fs/promises";
import { Session } from "node:inspector/promises";
import { tmpdir } from "node:os";
import { dirname, join, relative, resolve } from "node:path";
import { setTimeout as delay } from "node:timers/promises";
import { fileURLToPath, pathToFileURL } from "node:url";
import type { APIContext } from "astro";

interface ScriptCoverage {
  url: string;
  functions: { ranges: { count: number }[] }[];
}

const root = resolve(fileURLToPath(new URL("..", import.meta.url)));
const ours = ["src", "server"].map((dir) => pathToFileURL(join(root, dir)).href + "/");

/**
 * Precise coverage of this thread and of every worker thread (the embedded database's),
 * started before either compiles our code. Taking it resets the counts.
 */
async function startCoverage() {
  const session = new Session();
  session.connect();
  const workers: ((method: string, params?: object) => Promise<unknown>)[] = [];
  const replies = new Map<number, (result: unknown) => void>();
  let nextId = 1;
  session.on("NodeWorker.receivedMessageFromWorker", ({ params }) => {
    const message = JSON.parse(params.message) as { id?: number; result?: unknown };
    if (message.id !== undefined) replies.get(message.id)?.(message.result);
  });
  session.on("NodeWorker.attachedToWorker", ({ params }) => {
    const send = (method: string, sent: object = {}) => {
      const id = nextId++;
      const reply = new Promise((resolve) => replies.set(id, resolve));
      const message = JSON.stringify({ id, method, params: sent });
      void session.post("NodeWorker.sendMessageToWorker", { sessionId: params.sessionId, message });
      return reply;
    };
    workers.push(send);
    void (async () => {
      await send("Profiler.enable");
      await send("Profiler.startPreciseCoverage", { callCount: true, detailed: true });
      await send("Runtime.runIfWaitingForDebugger");
    })();
  });
  await session.post("Profiler.enable");
  await session.post("Profiler.startPreciseCoverage", { callCount: true, detailed: true });
  await session.post("NodeWorker.enable", { waitForDebuggerOnStart: true });
  return async function takeCoverage(): Promise<ScriptCoverage[]> {
    const taken = [
      (await session.post("Profiler.takePreciseCoverage")).result,
      ...(await Promise.all(workers.map((send) => send("Profiler.takePreciseCoverage")))).map(
        (reply) => (reply as { result: ScriptCoverage[] }).result,
      ),
    ];
    return taken.flat();
  };
}

/** Our files with any code that ran, as paths from the repository's root. */
function filesThatRan(coverage: ScriptCoverage[]): string[] {
  const ran = coverage.filter(
    (script) =>
      ours.some((prefix) => script.url.startsWith(prefix)) &&
      script.functions.some((fn) => fn.ranges.some((range) => range.count > 0)),
  );
  return [...new Set(ran.map((script) => relative(root, fileURLToPath(script.url))))].sort();
}

const takeCoverage = await startCoverage();
const { CATALOGUE_SHAPES, tinyShape, writeShapedGguf } =
  await import("../tests/support/shaped-gguf.ts");
const scratch = await mkdtemp(join(tmpdir(), "code-path-"));
try {
  const model = join(scratch, "tiny.gguf");
  await writeShapedGguf(model, tinyShape(CATALOGUE_SHAPES["qwen2.5-0.5b"]!));
  await mkdir(join(scratch, "data"));
  Object.assign(process.env, {
    NODE_ENV: "test",
    LOG_LEVEL: "warn",
    DATA_DIR: join(scratch, "data"),
    DATABASE_URL: "",
    LOCAL_MODEL: model,
    LOCAL_MODEL_THREADS: "1",
    GENERATION_PROVIDERS: "llama",
  });
  const { POST } = await import("../src/pages/api/email/generate.ts");
  const { warmUpWriters, writersStatus } = await import("#server/generation/writers/registry.ts");
  const { closeLocalWriter } = await import("#server/generation/writers/local/writer.ts");
  const { closeDatabase } = await import("#server/db/index.ts");

  warmUpWriters();
  while (writersStatus().local.state !== "ready") await delay(100);

  /** One text of a new guest of `network`, as the browser asks for it; its SSE answer. */
  async function writeOneText(network: string): Promise<string> {
    const url = new URL("http://localhost:4321/api/email/generate");
    const request = new Request(url, {
      method: "POST",
      headers: { "Content-Type": "application/json", Accept: "text/event-stream" },
      body: JSON.stringify({
        content: "A short note about keeping bees on a city balcony.",
        language: "english",
        contentType: "email",
        length: "short",
      }),
    });
    const jar = new Map<string, string>();
    const cookies = {
      get: (name: string) => (jar.has(name) ? { value: jar.get(name)! } : undefined),
      has: (name: string) => jar.has(name),
      set: (name: string, value: string) => void jar.set(name, value),
      delete: (name: string) => void jar.delete(name),
    };
    const locals = {
      requestId: "code-path",
      clientAddress: network,
      clientNetwork: network,
      user: null,
      session: null,
      authSource: null,
    };
    const context = { request, url, locals, cookies } as unknown as APIContext;
    const answer = await (await POST(context)).text();
    // What the text leaves running: its sequence cleaned, the Stop poll's last look.
    await delay(600);
    return answer;
  }

  await writeOneText("192.0.2.1");
  await takeCoverage();
  const answer = await writeOneText("192.0.2.2");
  const files = filesThatRan(await takeCoverage());
  if (!answer.includes('"modelUsed":"llama"')) {
    throw new Error(`the text was not the local model's:\n${answer.slice(-400)}`);
  }
  console.log(files.join("\n"));
  const folders = Map.groupBy(files, (file) => dirname(file));
  console.log(
    `\n${[...folders].map(([folder, inFolder]) => `${inFolder.length} ${folder}`).join("\n")}`,
  );
  console.log(`\n${files.length} source files ran code during one local-model text`);
  await closeLocalWriter();
  await closeDatabase();
} finally {
  await rm(scratch, { recursive: true, force: true });
}

/**
 * The three sides of the local writer's comparison (DESIGN §11), each asked for the same
 * texts: the app over HTTP and SSE, llama.cpp's llama-server over its OpenAI-compatible
 * API, and node-llama-cpp used directly. Every text has a prompt of its own (no side can
 * reuse a whole earlier prompt) and writes up to the same number of tokens. Each run
 * returns a WriterRun (bench/figures.ts) with every failure it saw: a status that is not
 * 200, an `error` event, a stream that ended without its end.
 */
import { spawn, type ChildProcess } from "node:child_process";
import { readFileSync } from "node:fs";
import { request } from "node:http";
import { join } from "node:path";
import { createInterface } from "node:readline";
import { Readable } from "node:stream";
import { buildPrompt, TOKEN_BUDGET, type Prompt } from "#server/generation/prompts.ts";
import { generationRequestSchema } from "#shared/schemas/generation.ts";
import { readServerSentEvents } from "#shared/sse.ts";
import type { RunningServer } from "../tests/support/server.ts";
import type { WriterRun } from "./figures.ts";

/** The request every measured text answers, with a number of its own in `freshRequest`. */
export const WRITER_REQUEST = {
  content: "A short article about keeping bees on a city balcony.",
  language: "english",
  contentType: "article",
  length: "short",
} as const;

/** Tokens a text writes on every side: what the app gives the request (400). */
export const TEXT_TOKENS = TOKEN_BUDGET[WRITER_REQUEST.length];

let texts = 0;

/** The measured request with a number of its own: a prompt no side has read before. */
export function freshRequest(): Omit<typeof WRITER_REQUEST, "content"> & { content: string } {
  texts++;
  return { ...WRITER_REQUEST, content: `${WRITER_REQUEST.content} Text number ${texts}.` };
}

/** The prompt the app builds for a fresh request, for the references. */
function freshPrompt(): Prompt {
  return buildPrompt(generationRequestSchema.parse(freshRequest()));
}

/**
 * A POST whose answer may take minutes to begin: the sixteenth text waits in line for
 * eight whole texts, longer than fetch's own 300-second limits on headers and body.
 */
async function post(
  url: string,
  headers: Record<string, string>,
  body: unknown,
): Promise<{ status: number; body: ReadableStream<Uint8Array>; text(): Promise<string> }> {
  const payload = JSON.stringify(body);
  return new Promise((resolve, reject) => {
    const sent = request(
      url,
      {
        method: "POST",
        headers: { ...headers, "content-length": Buffer.byteLength(payload) },
        timeout: 0,
      },
      (response) => {
        const stream = Readable.toWeb(response) as ReadableStream<Uint8Array>;
        resolve({
          status: response.statusCode ?? 0,
          body: stream,
          text: () => new Response(stream).text(),
        });
      },
    );
    sent.on("error", reject);
    sent.end(payload);
  });
}

/** Times one text's pieces: its first (from `sent`) and the longest gap after it. */
class PieceClock {
  first: number | undefined;
  longestPause = 0;
  #last = 0;
  readonly sent: number;
  constructor(sent: number) {
    this.sent = sent;
  }
  piece(): void {
    const now = performance.now();
    if (this.first === undefined) this.first = now - this.sent;
    else this.longestPause = Math.max(this.longestPause, now - this.#last);
    this.#last = now;
  }
}

function short(text: string): string {
  return text.length > 120 ? `${text.slice(0, 117)}…` : text;
}

/**
 * `count` texts asked for at once, each by `one` on a clock of its own; a text that throws
 * is a failure, its message kept. The run's figures but its tokens, which each side counts
 * its own way.
 */
async function runTexts(
  count: number,
  one: (clock: PieceClock, index: number) => Promise<void>,
): Promise<Omit<WriterRun, "tokens">> {
  const sent = performance.now();
  const clocks = Array.from({ length: count }, () => new PieceClock(sent));
  const failures: string[] = [];
  await Promise.all(
    clocks.map((clock, index) =>
      one(clock, index).catch((error: unknown) => void failures.push((error as Error).message)),
    ),
  );
  return {
    texts: count,
    firstTokensMs: clocks.map((clock) => clock.first),
    longestPauseMs: Math.max(0, ...clocks.map((clock) => clock.longestPause)),
    seconds: (performance.now() - sent) / 1000,
    failures,
  };
}

/** `users` visitors ask at once over SSE, each a fresh text of TEXT_TOKENS, to its end. */
export async function appRun(
  server: RunningServer,
  users: { token: string; address: string }[],
): Promise<WriterRun> {
  const before = server.logs.length;
  const run = await runTexts(users.length, async (clock, i) => {
    const { token, address } = users[i]!;
    const response = await post(
      `${server.url}/api/email/generate`,
      {
        "content-type": "application/json",
        accept: "text/event-stream",
        authorization: `Bearer ${token}`,
        "x-forwarded-for": address,
      },
      freshRequest(),
    );
    if (response.status !== 200) {
      await response.text();
      throw new Error(`status ${response.status}`);
    }
    for await (const event of readServerSentEvents(response.body)) {
      if (event.event === "delta") clock.piece();
      if (event.event === "error") throw new Error(`error event ${short(event.data)}`);
      if (event.event === "done") return;
    }
    throw new Error("the stream ended without its done event");
  });
  // The writer logs each text's tokens once its native generation has stopped; the line
  // can come a moment after the stream's end.
  const written = () =>
    server.logs
      .slice(before)
      .filter((entry) => entry.msg === "local text written" || entry.msg === "local text stopped");
  const deadline = performance.now() + 10_000;
  while (written().length < users.length - run.failures.length && performance.now() < deadline)
    await new Promise((done) => setTimeout(done, 50));
  return {
    ...run,
    tokens: written().reduce((sum, entry) => sum + Number(entry.tokens ?? 0), 0),
  };
}

/** A running llama-server and how to stop it. */
export interface LlamaServer {
  url: string;
  process: ChildProcess;
  stop(): Promise<void>;
}

/**
 * llama-server (from the folder `serverOn` made) on `model` as the app runs it: `sequences`
 * slots of the app's context each (`-c` is shared among the slots), continuous batching,
 * the same threads, flash attention left to llama.cpp (`auto`, on for the CPU) as
 * node-llama-cpp leaves it, /metrics on for its decodes.
 */
export async function startLlamaServer(
  folder: string,
  model: string,
  options: { threads: number; sequences: number; contextPerSequence: number },
): Promise<LlamaServer> {
  const child = spawn(
    join(folder, "llama-server"),
    [
      ...["-m", model, "--host", "127.0.0.1", "--port", "0"],
      ...["-t", String(options.threads), "-tb", String(options.threads)],
      ...["-np", String(options.sequences), "--cont-batching"],
      ...["-c", String(options.contextPerSequence * options.sequences)],
      ...["-fa", "auto", "--metrics", "--no-webui"],
    ],
    // The libraries beside it (bench/llama-server.ts's `serverOn`).
    { stdio: ["ignore", "pipe", "pipe"], env: { ...process.env, LD_LIBRARY_PATH: folder } },
  );
  const lines: string[] = [];
  const url = await new Promise<string>((resolve, reject) => {
    const onLine = (line: string) => {
      lines.push(line);
      const port = /listening on http:\/\/[\d.]+:(\d+)/.exec(line)?.[1];
      if (port) resolve(`http://127.0.0.1:${port}`);
    };
    createInterface({ input: child.stdout! }).on("line", onLine);
    createInterface({ input: child.stderr! }).on("line", onLine);
    child.once("exit", (code) =>
      reject(new Error(`llama-server exited ${code}: ${lines.slice(-5).join(" / ")}`)),
    );
  });
  // The port opens before the model is loaded: /health answers 200 once it is.
  for (;;) {
    const health = await fetch(`${url}/health`).catch(() => null);
    await health?.arrayBuffer();
    if (health?.status === 200) break;
    await new Promise((done) => setTimeout(done, 200));
  }
  return {
    url,
    process: child,
    async stop() {
      if (child.exitCode !== null) return;
      const exited = new Promise((done) => child.once("exit", done));
      child.kill("SIGTERM");
      await exited;
    },
  };
}

/** `users` clients ask llama-server at once for fresh texts of TEXT_TOKENS, streamed. */
export async function llamaServerRun(server: LlamaServer, users: number): Promise<WriterRun> {
  let tokens = 0;
  const run = await runTexts(users, async (clock) => {
    const prompt = freshPrompt();
    const response = await post(
      `${server.url}/v1/chat/completions`,
      { "content-type": "application/json" },
      {
        messages: [
          { role: "system", content: prompt.system },
          { role: "user", content: prompt.user },
        ],
        max_tokens: TEXT_TOKENS,
        temperature: prompt.temperature,
        stream: true,
        stream_options: { include_usage: true },
      },
    );
    if (response.status !== 200)
      throw new Error(`status ${response.status} ${short(await response.text())}`);
    for await (const event of readServerSentEvents(response.body)) {
      if (event.data === "[DONE]") return;
      const chunk = JSON.parse(event.data);
      if (chunk.error) throw new Error(`error ${short(JSON.stringify(chunk.error))}`);
      if (chunk.choices?.[0]?.delta?.content) clock.piece();
      if (chunk.usage) tokens += Number(chunk.usage.completion_tokens ?? 0);
    }
    throw new Error("the stream ended without [DONE]");
  });
  return { ...run, tokens };
}

/** llama-server's decodes so far and the slots busy at each, summed (its /metrics). */
export async function llamaServerDecodes(
  server: LlamaServer,
  read: (text: string, name: string) => number | null,
): Promise<{ decodes: number; busySlots: number } | null> {
  const text = await (await fetch(`${server.url}/metrics`)).text();
  const decodes = read(text, "llamacpp:n_decode_total");
  const perDecode = read(text, "llamacpp:n_busy_slots_per_decode");
  if (decodes === null || perDecode === null) return null;
  return { decodes, busySlots: decodes * perDecode };
}

/**
 * node-llama-cpp used directly: `users` chat sessions at once in one context of as many
 * sequences, each a fresh prompt of TEXT_TOKENS.
 */
export async function directRun(
  context: import("node-llama-cpp").LlamaContext,
  users: number,
): Promise<WriterRun> {
  const { LlamaChatSession } = await import("node-llama-cpp");
  let tokens = 0;
  const run = await runTexts(users, async (clock) => {
    const prompt = freshPrompt();
    const sequence = context.getSequence();
    const session = new LlamaChatSession({
      contextSequence: sequence,
      systemPrompt: prompt.system,
    });
    try {
      await session.prompt(prompt.user, {
        maxTokens: TEXT_TOKENS,
        temperature: prompt.temperature,
        onToken: (chunk) => {
          clock.piece();
          tokens += chunk.length;
        },
      });
    } finally {
      session.dispose();
      await sequence.dispose();
    }
  });
  return { ...run, tokens };
}

/** Resident memory in MB of 10^6 bytes, now (VmRSS) or the most ever held (VmHWM). */
export function rssMb(pid: number, which: "VmRSS" | "VmHWM" = "VmRSS"): number {
  const status = readFileSync(`/proc/${pid}/status`, "utf8");
  return (Number(new RegExp(`${which}:\\s+(\\d+)`).exec(status)![1]) * 1024) / 1e6;
}

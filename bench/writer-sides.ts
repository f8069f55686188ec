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
import { CONTENT_TYPE_IDS, LANGUAGE_IDS, TONES } from "#shared/generation.ts";
import { generationRequestSchema, type GenerationRequestBody } from "#shared/schemas/generation.ts";
import { readServerSentEvents } from "#shared/sse.ts";
import type { RunningServer } from "../tests/support/server.ts";
import type { WriterRun } from "./figures.ts";

/** What every measured text asks for but its kind, language, tone and words. */
const WRITER_REQUEST = {
  content: "A short article about keeping bees on a city balcony.",
  length: "short",
} as const;

/** Tokens a text writes on every side: what the app gives the request (400). */
export const TEXT_TOKENS = TOKEN_BUDGET[WRITER_REQUEST.length];

/** A measured text's request, as the app's form sends it. */
export type WriterRequest = GenerationRequestBody & { length: "short" };

let asked = 0;

/**
 * `count` cold requests (issue 31): each differs from every request asked before right after
 * the instructions all texts share. The text's kind, language and tone are the first lines
 * of its own instructions, and no two of the bench's first hundred texts ask for the same
 * kind in the same language; its subject and description start with a number of its own.
 * So no sequence or slot holds more of it than the shared instructions and the one line
 * that all texts of a kind start with: each side reads the rest (tokens read are shown).
 */
export function coldRequests(count: number): WriterRequest[] {
  return Array.from({ length: count }, () => {
    const n = asked++;
    const kinds = CONTENT_TYPE_IDS.length;
    return {
      ...WRITER_REQUEST,
      contentType: CONTENT_TYPE_IDS[n % kinds]!,
      language: LANGUAGE_IDS[Math.floor(n / kinds) % LANGUAGE_IDS.length]!,
      tone: TONES[(n * 7) % TONES.length]!,
      subject: `Request ${n}: bees on a balcony`,
      content: `Request ${n}. ${WRITER_REQUEST.content}`,
    };
  });
}

/** The prompt the app builds for a request, for the references. */
function promptOf(request: WriterRequest): Prompt {
  return buildPrompt(generationRequestSchema.parse(request));
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
  readonly #onFirst: () => void;
  constructor(sent: number, onFirst: () => void) {
    this.sent = sent;
    this.#onFirst = onFirst;
  }
  piece(): void {
    const now = performance.now();
    if (this.first === undefined) {
      this.first = now - this.sent;
      this.#onFirst();
    } else this.longestPause = Math.max(this.longestPause, now - this.#last);
    this.#last = now;
  }
}

function short(text: string): string {
  return text.length > 120 ? `${text.slice(0, 117)}…` : text;
}

/**
 * `count` texts asked for at once, each by `one` on a clock of its own; a text that throws
 * is a failure, its message kept. The run's figures but its tokens, which each side counts
 * its own way. `onFirst` is called at each text's first piece.
 */
async function runTexts(
  count: number,
  one: (clock: PieceClock, index: number) => Promise<void>,
  onFirst: () => void = () => {},
): Promise<Omit<WriterRun, "tokens" | "promptTokensRead">> {
  const sent = performance.now();
  const clocks = Array.from({ length: count }, () => new PieceClock(sent, onFirst));
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

/** The writer's log lines an app run has counted as its own texts'. */
const taken = new WeakSet<object>();

/** `requests` asked at once over SSE, each by a visitor of its own, each to its end. */
export async function appRun(
  server: RunningServer,
  users: { token: string; address: string }[],
  requests: WriterRequest[],
  onFirst?: () => void,
): Promise<WriterRun> {
  const before = server.logs.length;
  const run = await runTexts(
    requests.length,
    async (clock, i) => {
      const { token, address } = users[i]!;
      const response = await post(
        `${server.url}/api/email/generate`,
        {
          "content-type": "application/json",
          accept: "text/event-stream",
          authorization: `Bearer ${token}`,
          "x-forwarded-for": address,
        },
        requests[i],
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
    },
    onFirst,
  );
  // The writer logs each text's tokens once its native generation has stopped; the line
  // can come a moment after the stream's end. A run beside another (newcomersRun) leaves
  // the lines the other took.
  const written = () =>
    server.logs
      .slice(before)
      .filter((entry) => entry.msg === "local text written" || entry.msg === "local text stopped")
      .filter((entry) => !taken.has(entry));
  const deadline = performance.now() + 10_000;
  while (written().length < requests.length - run.failures.length && performance.now() < deadline)
    await new Promise((done) => setTimeout(done, 50));
  const own = written().slice(0, requests.length - run.failures.length);
  for (const entry of own) taken.add(entry);
  const sum = (key: string) => own.reduce((total, entry) => total + Number(entry[key] ?? 0), 0);
  return { ...run, tokens: sum("tokens"), promptTokensRead: sum("readTokens") };
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

/** A request to llama-server's chat API with the app's prompt for `request` as its messages. */
function askLlamaServer(
  server: LlamaServer,
  request: WriterRequest,
  options: (prompt: Prompt) => Record<string, unknown>,
) {
  const prompt = promptOf(request);
  return post(
    `${server.url}/v1/chat/completions`,
    { "content-type": "application/json" },
    {
      messages: [
        { role: "system", content: prompt.system },
        { role: "user", content: prompt.user },
      ],
      ...options(prompt),
    },
  );
}

/** `requests` asked of llama-server at once, as the app would prompt them, streamed. */
export async function llamaServerRun(
  server: LlamaServer,
  requests: WriterRequest[],
  onFirst?: () => void,
): Promise<WriterRun> {
  let tokens = 0;
  let read = 0;
  const run = await runTexts(
    requests.length,
    async (clock, i) => {
      const response = await askLlamaServer(server, requests[i]!, (prompt) => ({
        max_tokens: TEXT_TOKENS,
        temperature: prompt.temperature,
        stream: true,
        stream_options: { include_usage: true },
      }));
      if (response.status !== 200)
        throw new Error(`status ${response.status} ${short(await response.text())}`);
      for await (const event of readServerSentEvents(response.body)) {
        if (event.data === "[DONE]") return;
        const chunk = JSON.parse(event.data);
        if (chunk.error) throw new Error(`error ${short(JSON.stringify(chunk.error))}`);
        if (chunk.choices?.[0]?.delta?.content) clock.piece();
        if (chunk.usage) tokens += Number(chunk.usage.completion_tokens ?? 0);
        // The prompt tokens it read, past those its slot held (llama-server's own timings).
        if (chunk.timings) read += Number(chunk.timings.prompt_n ?? 0);
      }
      throw new Error("the stream ended without [DONE]");
    },
    onFirst,
  );
  return { ...run, tokens, promptTokensRead: read };
}

/**
 * Each slot of llama-server asked one text of one token: how both sides start (issue 31),
 * every sequence and slot holding the shared instructions and one earlier text's prompt
 * (the app's side: texts stopped at their first words, in bench/run.ts).
 */
export async function warmLlamaServer(
  server: LlamaServer,
  requests: WriterRequest[],
): Promise<void> {
  await Promise.all(
    requests.map(async (request) => {
      const response = await askLlamaServer(server, request, () => ({ max_tokens: 1 }));
      const answer = await response.text();
      if (response.status !== 200) throw new Error(`warming llama-server: ${short(answer)}`);
    }),
  );
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
 * node-llama-cpp used directly: the requests at once, each a chat session on a sequence of
 * one context, prompted as the app would prompt it.
 */
export async function directRun(
  context: import("node-llama-cpp").LlamaContext,
  requests: WriterRequest[],
): Promise<WriterRun> {
  const { LlamaChatSession } = await import("node-llama-cpp");
  let tokens = 0;
  const run = await runTexts(requests.length, async (clock, i) => {
    const prompt = promptOf(requests[i]!);
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
  return { ...run, tokens, promptTokensRead: null };
}

/**
 * Newcomers beside a running text (issue 31): the first of `requests` is asked alone, and
 * the rest at once when its first piece comes, so that their prompts are read while it is
 * being written. The gathering of texts that arrive together cannot help here, on either
 * side: what the running text's longest pause shows is how the newcomers were read.
 */
export async function newcomersRun(
  side: (requests: WriterRequest[], onFirst?: () => void) => Promise<WriterRun>,
  requests: WriterRequest[],
): Promise<{ running: WriterRun; arriving: WriterRun }> {
  let begun!: () => void;
  const first = new Promise<void>((resolve) => (begun = resolve));
  const running = side(requests.slice(0, 1), begun);
  // A text that fails before its first piece ends the wait too (and fails its rows).
  await Promise.race([first, running]);
  const arriving = side(requests.slice(1));
  return { running: await running, arriving: await arriving };
}

/** A line of /proc/<pid>/status in MB of 10^6 bytes (the file says kB). */
function statusMb(status: string, name: string): number {
  return (Number(new RegExp(`${name}:\\s+(\\d+)`).exec(status)![1]) * 1024) / 1e6;
}

/** Resident memory of a process in MB: all, private (anonymous), mapped files, read at once. */
export function memoryOf(pid: number): { rss: number; anon: number; file: number } {
  const status = readFileSync(`/proc/${pid}/status`, "utf8");
  const mb = (name: string) => statusMb(status, name);
  return { rss: mb("VmRSS"), anon: mb("RssAnon"), file: mb("RssFile") };
}

/** Resident memory in MB, now (VmRSS) or the most ever held (VmHWM). */
export function rssMb(pid: number, which: "VmRSS" | "VmHWM" = "VmRSS"): number {
  return statusMb(readFileSync(`/proc/${pid}/status`, "utf8"), which);
}

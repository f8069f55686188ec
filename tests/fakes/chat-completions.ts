import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";

export type FakeMode =
  /** Answers the text, streamed or not. */
  | "ok"
  /** 500 with an error body. */
  | "error"
  /** Accepts the request and never answers. */
  | "hang"
  /** Streams part of the text, then drops the connection without [DONE]. */
  | "cut"
  /** Waits before the first token. */
  | "slow-start"
  /**
   * Streams the first `pauseAfter` words, then holds the stream open until resume() lets
   * it go on to its end, or it is closed.
   */
  | "pause";

export interface ChatRequest {
  path: string;
  authorization: string | undefined;
  body: {
    model: string;
    stream?: boolean;
    temperature?: number;
    seed?: number;
    max_tokens?: number;
    messages: { role: string; content: string }[];
  };
}

/**
 * A loopback chat-completions server in the wire format that Mistral's API and
 * OpenAI-compatible servers share: `POST /v1/chat/completions`, JSON, or server-sent
 * `data:` chunks ending with `data: [DONE]` when `stream` is true.
 */
export interface ChatFakeOptions {
  /** The answer, or a function of the request that writes it. */
  text: string | ((body: ChatRequest["body"]) => string);
  model: string;
  /** Pause between streamed words (5 ms unless given), or a function of the request. */
  wordDelayMs?: number | ((body: ChatRequest["body"]) => number);
  /** A request this names a number for is streamed that many words, then dropped ("cut"). */
  cutAfterWords?: (body: ChatRequest["body"]) => number | null;
  /** A request this names a number for waits that many ms before its first word. */
  startDelayMs?: (body: ChatRequest["body"]) => number | null;
}

export type ChatFake = Awaited<ReturnType<typeof startChatFake>>;

/** Holds every answer before its first word until opened (see `shut()`). */
export interface ChatGate {
  /** Requests that reached the writer while the gate was shut. */
  readonly held: number;
  open(): void;
}

export async function startChatFake(options: ChatFakeOptions) {
  const requests: ChatRequest[] = [];
  let wordsSent = 0;
  let mode: FakeMode = "ok";
  let slowStartMs = 2_000;
  let pauseAfter = 0;
  const hanging = new Set<ServerResponse>();
  let gate: { held: number; opened: Promise<void> } | null = null;
  let resumePaused = () => {};
  let paused = new Promise<void>((resume) => (resumePaused = resume));

  const chunk = (content: string, finish: string | null) => ({
    id: "cmpl-fake",
    object: "chat.completion.chunk",
    created: Math.floor(Date.now() / 1000),
    model: options.model,
    choices: [{ index: 0, delta: { role: "assistant", content }, finish_reason: finish }],
  });

  async function handle(req: IncomingMessage, res: ServerResponse, raw: string) {
    if (req.method !== "POST" || req.url !== "/v1/chat/completions") {
      res.writeHead(404, { "content-type": "application/json" });
      res.end(JSON.stringify({ message: "not found" }));
      return;
    }
    const body = JSON.parse(raw) as ChatRequest["body"];
    requests.push({ path: req.url, authorization: req.headers.authorization, body });
    if (gate) {
      const shut = gate;
      shut.held++;
      await shut.opened;
    }
    const text = typeof options.text === "function" ? options.text(body) : options.text;

    if (mode === "error") {
      res.writeHead(500, { "content-type": "application/json" });
      res.end(
        JSON.stringify({
          object: "error",
          message: "Internal server error",
          type: "internal_error",
        }),
      );
      return;
    }
    if (mode === "hang") {
      hanging.add(res);
      return;
    }
    if (!body.stream) {
      if (mode === "slow-start") await new Promise((done) => setTimeout(done, slowStartMs));
      res.writeHead(200, { "content-type": "application/json" });
      res.end(
        JSON.stringify({
          id: "cmpl-fake",
          object: "chat.completion",
          created: Math.floor(Date.now() / 1000),
          model: options.model,
          choices: [
            {
              index: 0,
              message: { role: "assistant", content: text },
              finish_reason: "stop",
            },
          ],
          usage: { prompt_tokens: 10, completion_tokens: 20, total_tokens: 30 },
        }),
      );
      return;
    }
    res.writeHead(200, { "content-type": "text/event-stream", "cache-control": "no-cache" });
    const startDelay = mode === "slow-start" ? slowStartMs : options.startDelayMs?.(body);
    if (startDelay) await new Promise((done) => setTimeout(done, startDelay));
    const wordDelay =
      typeof options.wordDelayMs === "function"
        ? options.wordDelayMs(body)
        : (options.wordDelayMs ?? 5);
    // A word and what follows it, whichever separator that is (a space, U+2800, U+200B):
    // one streamed piece each, as a tokenizer would send them.
    const words = text.match(/[^\s\u2800\u200b]+[\s\u2800\u200b]*/g) ?? [text];
    const cutAfter = options.cutAfterWords?.(body) ?? null;
    const cut = mode === "cut" || cutAfter !== null;
    const sendUpTo =
      cutAfter ?? (mode === "cut" ? Math.max(1, Math.floor(words.length / 2)) : words.length);
    for (let i = 0; i < sendUpTo; i++) {
      if (mode === "pause" && i === pauseAfter) {
        hanging.add(res);
        await paused;
        hanging.delete(res);
      }
      if (res.destroyed) return;
      res.write(`data: ${JSON.stringify(chunk(words[i]!, null))}\n\n`);
      wordsSent++;
      await new Promise((done) => setTimeout(done, wordDelay));
    }
    if (cut) {
      res.socket?.destroy();
      return;
    }
    res.write(`data: ${JSON.stringify(chunk("", "stop"))}\n\n`);
    res.write("data: [DONE]\n\n");
    res.end();
  }

  const server: Server = createServer((req, res) => {
    let raw = "";
    req.on("data", (part: Buffer) => (raw += part.toString()));
    req.on("end", () => void handle(req, res, raw));
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    /** Streamed words so far, across requests. */
    get wordsSent() {
      return wordsSent;
    },
    /** `slowMs`: slow-start's wait; with "pause", the words sent before it holds. */
    setMode(next: FakeMode, slowMs = 2_000) {
      mode = next;
      slowStartMs = slowMs;
      pauseAfter = slowMs;
    },
    /**
     * Shuts a gate that holds every answer, before its first word, until the gate opens:
     * the texts that reach the writer meanwhile are all in flight at once, however slowly
     * the machine lets them arrive.
     */
    shut(): ChatGate {
      const { promise: opened, resolve: open } = Promise.withResolvers<void>();
      const shut = { held: 0, opened };
      gate = shut;
      return {
        get held() {
          return shut.held;
        },
        open() {
          if (gate === shut) gate = null;
          open();
        },
      };
    },
    /** Lets the streams "pause" holds go on to their end; new ones are not paused. */
    resume() {
      mode = "ok";
      resumePaused();
      paused = new Promise<void>((resume) => (resumePaused = resume));
    },
    async close() {
      for (const res of hanging) res.destroy();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

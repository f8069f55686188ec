import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll } from "vitest";
import { startChatFake, type ChatFake, type ChatFakeOptions } from "../fakes/chat-completions.ts";
import {
  createStorage,
  startServer,
  type RunningServer,
  type StartOptions,
  type Storage,
} from "./server.ts";
import { waitFor } from "./wait.ts";

export interface UseServerOptions extends Omit<StartOptions, "env"> {
  /**
   * The server's environment, or a function of the handle that gives it: read after the
   * fakes are up, so it may name `server.writer.url` or a file an earlier hook made.
   */
  env?: Record<string, string> | ((server: ServerHandle) => Record<string, string>);
  /** A fake OpenAI-compatible writer, started first; OPENAI_COMPAT_BASE_URL names it. */
  writer?: ChatFakeOptions;
  /** A fake Mistral, started first; MISTRAL_SERVER_URL names it, with a test API key. */
  mistral?: ChatFakeOptions;
  /** Runs once the fakes are up, before the storage and the server. */
  beforeStart?: (server: ServerHandle) => Promise<void> | void;
  /** Runs once the server listens (wait for the local writer, sign an operator up). */
  ready?: (server: ServerHandle) => Promise<unknown>;
  /** Removing the storage may fail and is let go (a database server restarted under it). */
  cleanupMayFail?: boolean;
}

/**
 * The running server (its url, port, logs, process and stop()), with its storage and its
 * fakes. Its fields are read inside tests, after beforeAll has filled them.
 */
export interface ServerHandle extends RunningServer {
  /** Whether the storage was made (false when beforeAll failed before it). */
  readonly started: boolean;
  readonly storage: Storage;
  /** The fake OpenAI-compatible writer; only with the `writer` option. */
  readonly writer: ChatFake;
  /** The fake Mistral; only with the `mistral` option. */
  readonly mistral: ChatFake;
  /** Stops the server (if it still runs) and starts it again on the same storage. */
  restart(): Promise<void>;
}

function required<T>(value: T | undefined, what: string): T {
  if (value === undefined) throw new Error(`${what} is not started (yet)`);
  return value;
}

/**
 * One built server for the tests of the file (or of the describe block) that calls it: a
 * beforeAll starts the fakes asked for, a fresh storage (a data directory, and a scratch
 * PostgreSQL database under TEST_DATABASE_URL) and the server; an afterAll stops the
 * server, closes the fakes and removes the storage.
 */
export function useServer(options: UseServerOptions = {}): ServerHandle {
  const { env, writer: writerOptions, mistral: mistralOptions, beforeStart, ready } = options;
  let running: RunningServer | undefined;
  let storage: Storage | undefined;
  let writer: ChatFake | undefined;
  let mistral: ChatFake | undefined;
  const current = () => required(running, "the server");

  const start = async () => {
    const fromFakes: Record<string, string> = {
      ...(writer ? { OPENAI_COMPAT_BASE_URL: `${writer.url}/v1` } : {}),
      ...(mistral ? { MISTRAL_API_KEY: "test-mistral-key", MISTRAL_SERVER_URL: mistral.url } : {}),
    };
    const own = typeof env === "function" ? env(handle) : env;
    const startOptions: StartOptions = { ...options, env: { ...fromFakes, ...own } };
    running = await startServer(required(storage, "the storage"), startOptions);
  };

  const handle: ServerHandle = {
    get url() {
      return current().url;
    },
    get port() {
      return current().port;
    },
    get process() {
      return current().process;
    },
    get logs() {
      return current().logs;
    },
    stop: () => current().stop(),
    get started() {
      return storage !== undefined;
    },
    get storage() {
      return required(storage, "the storage");
    },
    get writer() {
      return required(writer, "the fake writer");
    },
    get mistral() {
      return required(mistral, "the fake Mistral");
    },
    async restart() {
      await running?.stop();
      running = undefined;
      await start();
    },
  };

  beforeAll(async () => {
    if (writerOptions) writer = await startChatFake(writerOptions);
    if (mistralOptions) mistral = await startChatFake(mistralOptions);
    await beforeStart?.(handle);
    storage = await createStorage();
    await start();
    await ready?.(handle);
  });

  afterAll(async () => {
    await running?.stop();
    await Promise.all([writer?.close(), mistral?.close()]);
    await (options.cleanupMayFail ? storage?.cleanup().catch(() => {}) : storage?.cleanup());
  });

  return handle;
}

/**
 * A scratch folder (for a model file) made before the tests and removed after them: call
 * it before useServer() so that its folder is there when the server's env is read.
 */
export function useScratchDir(
  prefix: string,
  fill?: (dir: string) => Promise<void>,
): { readonly path: string } {
  let dir: string | undefined;
  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), prefix));
    await fill?.(dir);
  });
  afterAll(async () => {
    if (dir) await rm(dir, { recursive: true, force: true });
  });
  return {
    get path() {
      return required(dir, "the scratch folder");
    },
  };
}

/** Waits until the server's local writer has loaded its model. */
export async function localWriterReady(server: RunningServer, timeoutMs: number): Promise<void> {
  // A poll that meets a reset keep-alive connection (the event loop held by the model's load
  // on a busy machine outlives the socket's idle timer) asks again, as a browser would.
  await waitFor(
    "the local writer to load",
    async () =>
      fetch(`${server.url}/api/email/engines`).then(
        async (response) => (await response.json()).local.state as string,
        (error: Error) => `unreachable (${error.message})`,
      ),
    { done: (state) => state === "ready", timeoutMs },
  );
}

import { createServer } from "node:net";

/** A loopback port free now, for a server's inspector (`--inspect=127.0.0.1:<port>`). */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once("error", reject);
    probe.listen(0, "127.0.0.1", () => {
      const { port } = probe.address() as { port: number };
      probe.close(() => resolve(port));
    });
  });
}

interface Message {
  id?: number;
  method?: string;
  params?: { workerInfo?: { url?: string }; sessionId?: string; message?: string };
  result?: unknown;
  error?: { message: string };
}

/** A Chrome DevTools Protocol session with a Node process, and with its worker threads. */
class InspectorSession {
  readonly #socket: WebSocket;
  readonly #answers = new Map<number, (message: Message) => void>();
  readonly #listeners = new Set<(message: Message) => void>();
  #nextId = 1;

  private constructor(socket: WebSocket) {
    this.#socket = socket;
    socket.addEventListener("message", (event) => {
      const message = JSON.parse(String(event.data)) as Message;
      const answer = message.id === undefined ? undefined : this.#answers.get(message.id);
      if (answer) {
        this.#answers.delete(message.id!);
        answer(message);
      } else for (const listener of this.#listeners) listener(message);
    });
  }

  static async open(port: number): Promise<InspectorSession> {
    const [target] = (await (await fetch(`http://127.0.0.1:${port}/json/list`)).json()) as {
      webSocketDebuggerUrl: string;
    }[];
    const socket = new WebSocket(target!.webSocketDebuggerUrl);
    await new Promise((opened, failed) => {
      socket.addEventListener("open", opened, { once: true });
      socket.addEventListener("error", failed, { once: true });
    });
    return new InspectorSession(socket);
  }

  async send(method: string, params: object = {}): Promise<unknown> {
    const id = this.#nextId++;
    const answered = new Promise<Message>((resolve) => this.#answers.set(id, resolve));
    this.#socket.send(JSON.stringify({ id, method, params }));
    const answer = await answered;
    if (answer.error) throw new Error(`${method}: ${answer.error.message}`);
    return answer.result;
  }

  /** The first event that `matches`, whenever it comes. */
  next(matches: (message: Message) => boolean): Promise<Message> {
    return new Promise((resolve) => {
      const listener = (message: Message) => {
        if (!matches(message)) return;
        this.#listeners.delete(listener);
        resolve(message);
      };
      this.#listeners.add(listener);
    });
  }

  close(): void {
    this.#socket.close();
  }
}

/**
 * Holds the embedded database's thread still from outside the server, through the
 * server's inspector: a `debugger` statement evaluated on the thread stops it, so that it
 * answers nothing until resumed, as when a long transaction or statement holds PGlite's
 * one session. The server runs unchanged: no switch in it could be left on in production.
 * The server must run with `--inspect=127.0.0.1:<port>`.
 */
export async function holdDatabaseThread(port: number): Promise<{ release(): Promise<void> }> {
  const session = await InspectorSession.open(port);
  const attached = session.next(
    (message) =>
      message.method === "NodeWorker.attachedToWorker" &&
      String(message.params?.workerInfo?.url).endsWith("pglite-thread.mjs"),
  );
  await session.send("NodeWorker.enable", { waitForDebuggerOnStart: false });
  const { sessionId } = (await attached).params as { sessionId: string };
  let nextId = 1;
  // The thread's answers come back as events; only its events are awaited here.
  const toThread = (method: string, params: object = {}) =>
    session.send("NodeWorker.sendMessageToWorker", {
      sessionId,
      message: JSON.stringify({ id: nextId++, method, params }),
    });
  const fromThread = (method: string) =>
    session.next(
      (message) =>
        message.method === "NodeWorker.receivedMessageFromWorker" &&
        message.params?.sessionId === sessionId &&
        (JSON.parse(message.params.message as string) as Message).method === method,
    );
  await toThread("Debugger.enable");
  const paused = fromThread("Debugger.paused");
  await toThread("Runtime.evaluate", { expression: "debugger" });
  await paused;
  return {
    async release() {
      const resumed = fromThread("Debugger.resumed");
      await toThread("Debugger.resume");
      await resumed;
      // A closed session detaches the debugger from the thread.
      session.close();
    },
  };
}

import type { LocalWriter } from "./writer.ts";
import type { TextProvider } from "../types.ts";

/**
 * The open model inside the server. It waits its turn in the writer's fair queue (saying
 * where it stands), writes through the model's chat template, and stops the native
 * generation as soon as its signal aborts.
 */
export function llamaProvider(writer: LocalWriter): TextProvider {
  return {
    id: "llama",
    get modelName() {
      return writer.label;
    },
    async *stream(_request, prompt, { signal }) {
      const ticket = writer.join();
      let writing: Promise<void> | null = null;
      try {
        while (ticket.position > 0) {
          yield { type: "queued", position: ticket.position };
          await ticket.moved(signal);
          signal.throwIfAborted();
        }
        yield { type: "queued", position: 0 };

        const pieces: string[] = [];
        let wake: (() => void) | null = null;
        let finished = false;
        let failure: unknown = null;
        writing = writer
          .write(prompt, {
            maxTokens: prompt.maxTokens,
            signal,
            onText: (text) => {
              pieces.push(text);
              wake?.();
            },
          })
          .then(
            () => void (finished = true),
            (error: unknown) => void (failure = error ?? new Error("the local model failed")),
          )
          .finally(() => wake?.());
        for (;;) {
          while (pieces.length > 0) yield pieces.shift()!;
          if (failure) throw failure;
          if (finished) return;
          signal.throwIfAborted();
          await new Promise<void>((resolve) => (wake = resolve));
          wake = null;
        }
      } finally {
        // The sequence is free only once the native generation has stopped.
        await writing;
        ticket.leave();
      }
    },
  };
}

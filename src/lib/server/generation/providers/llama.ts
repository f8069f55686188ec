import type { Length } from "#shared/generation.ts";
import type { LocalWriter } from "#server/generation/local-model/writer.ts";
import type { TextProvider } from "./types.ts";

/**
 * Tokens the model may write per length: the words of DESIGN §5's lengths with room for
 * headings and for scripts that take more tokens per word.
 */
export const TOKEN_BUDGET: Record<Length, number> = { short: 400, medium: 900, long: 2000 };

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
    async *stream(request, prompt, { signal }) {
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
            maxTokens: TOKEN_BUDGET[request.length],
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

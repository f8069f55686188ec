import { composeOfflineDraft } from "../offline/compose.ts";
import type { TextProvider } from "./types.ts";

/** Pause between pieces when streaming to a person, so the text appears as it is "written". */
const PACE_MS = 12;

/** The built-in offline engine: always available, and honest about being a template. */
export const offlineProvider: TextProvider = {
  id: "local",
  async *stream(input, { signal, paced }) {
    const text = composeOfflineDraft(input);
    // Pieces of a few words, whitespace kept, so that joining them gives the text back.
    const pieces = text.match(/(?:\S+\s*){1,4}|\s+/g) ?? [text];
    for (const piece of pieces) {
      if (signal.aborted) throw signal.reason ?? new Error("aborted");
      if (paced) await new Promise((done) => setTimeout(done, PACE_MS));
      yield piece;
    }
  },
};

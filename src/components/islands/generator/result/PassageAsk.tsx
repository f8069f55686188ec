import { passageWords } from "#i18n/passages.ts";
import { useMessages } from "#components/ui/use-messages.ts";
import { MAX_INSTRUCTION_CHARS } from "#shared/generation.ts";
import { toolButton } from "./tool-button.ts";

/**
 * The passage toolbar's "Ask" box: the person's own words for the chosen passage. They stay
 * while the box is closed and opened again, so its toolbar keeps them.
 */
export function PassageAsk({
  instruction,
  setInstruction,
  onAsk,
}: {
  instruction: string;
  setInstruction: (instruction: string) => void;
  onAsk: (instruction: string) => void;
}) {
  const { t: m } = useMessages(passageWords);
  const words = instruction.trim();
  return (
    <form
      className="mt-1.5 flex gap-1.5 px-1"
      onSubmit={(event) => {
        event.preventDefault();
        if (words) onAsk(words);
      }}
    >
      <label className="sr-only" htmlFor="passage-instruction">
        {m("passage.askLabel")}
      </label>
      <input
        id="passage-instruction"
        // eslint-disable-next-line jsx-a11y/no-autofocus -- shown by the person's own "Ask for a change": focus goes where they type
        autoFocus
        maxLength={MAX_INSTRUCTION_CHARS}
        value={instruction}
        placeholder={m("passage.askPlaceholder")}
        onChange={(event) => setInstruction(event.target.value)}
        className="min-w-0 flex-1 rounded-md border border-slate-300 bg-white px-2 py-1 text-sm text-slate-900 dark:border-slate-600 dark:bg-slate-950 dark:text-slate-100"
      />
      <button
        type="submit"
        className={`${toolButton} border border-slate-300 dark:border-slate-600`}
        disabled={!words}
      >
        {m("passage.askSend")}
      </button>
    </form>
  );
}

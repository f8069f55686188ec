import { useStore } from "@nanostores/react";
import { useState } from "react";
import { passageWords } from "#i18n/passages.ts";
import { useMessages } from "#components/ui/use-messages.ts";
import { COST_PER_USE } from "#shared/credits.ts";
import { MAX_INSTRUCTION_CHARS } from "#shared/generation.ts";
import { openCreditDialogForStatus } from "#stores/credit-dialog.ts";
import { $creditStatus } from "#stores/credits.ts";
import { askForChange } from "#generator/state/text-changes.ts";
import { actionButton } from "./action-button.ts";

/**
 * "Ask for a change" under the text (issue 43): the person's own words ("make the second
 * paragraph warmer") write a new version of the whole text, kept beside the others.
 */
export function AskBox({ outOfCredits }: { outOfCredits: boolean }) {
  const { t: m } = useMessages(passageWords);
  const [instruction, setInstruction] = useState("");
  // The plan's cost of a text (issue 29), the spec's until the status is read.
  const cost = useStore($creditStatus).data?.costPerUse ?? COST_PER_USE;
  const words = instruction.trim();
  const send = () => {
    if (!words) return;
    if (outOfCredits) return openCreditDialogForStatus();
    askForChange(words);
    setInstruction("");
  };
  return (
    <form
      className="mt-3"
      data-testid="ask-box"
      onSubmit={(event) => {
        event.preventDefault();
        send();
      }}
    >
      <label
        htmlFor="ask-change"
        className="text-sm font-medium text-slate-800 dark:text-slate-200"
      >
        {m("ask.label")}
      </label>
      <div className="mt-1 flex items-start gap-2">
        <textarea
          id="ask-change"
          rows={2}
          maxLength={MAX_INSTRUCTION_CHARS}
          value={instruction}
          placeholder={m("ask.placeholder")}
          aria-describedby="ask-change-price"
          onChange={(event) => setInstruction(event.target.value)}
          onKeyDown={(event) => {
            // Enter asks, Shift+Enter is a new line, as in a chat.
            if (event.key === "Enter" && !event.shiftKey && !event.nativeEvent.isComposing) {
              event.preventDefault();
              send();
            }
          }}
          className="min-h-[2.75rem] flex-1 resize-y rounded-md border border-slate-300 bg-white px-3 py-2 text-sm text-slate-900 placeholder:text-slate-500 dark:border-slate-600 dark:bg-slate-950 dark:text-slate-100 dark:placeholder:text-slate-400"
        />
        <button
          type="submit"
          className={actionButton}
          disabled={!words}
          // Looks disabled at zero credits, yet a press opens the credit dialog (decision 096).
          aria-disabled={outOfCredits || undefined}
        >
          {m("ask.send")}
        </button>
      </div>
      <p className="mt-1 flex justify-between gap-2 text-xs text-slate-600 dark:text-slate-400">
        <span id="ask-change-price">{m("ask.price", { credits: cost })}</span>
        <span aria-hidden="true">
          {instruction.length}/{MAX_INSTRUCTION_CHARS}
        </span>
      </p>
    </form>
  );
}

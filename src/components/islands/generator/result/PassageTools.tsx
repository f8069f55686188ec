import { useState, type RefObject } from "react";
import { passageWords } from "#i18n/passages.ts";
import { useMessages } from "#components/ui/use-messages.ts";
import { passageQuote } from "#shared/credits.ts";
import type { RefineAction } from "#shared/generation.ts";
import { changePassage } from "#generator/state/text-changes.ts";
import { paidAction } from "../paid-action.ts";
import { PassageAsk } from "./PassageAsk.tsx";
import { toolButton } from "./tool-button.ts";
import { usePassageChoice } from "./use-passage-choice.ts";
import { useToolbarPlace } from "./use-toolbar-place.ts";

/** What the toolbar offers for a chosen passage, in its order (issue 43). */
const ACTIONS = [
  "rephrase",
  "shorter",
  "longer",
  "simpler",
  "formal",
  "friendlier",
  "grammar",
  "continue",
] as const satisfies readonly RefineAction[];

/**
 * The toolbar over a passage chosen in the shown text (`usePassageChoice`): it asks for
 * that passage to be rewritten in its place.
 */
export function PassageTools({
  textRef,
  text,
  enabled,
  outOfCredits,
  cost,
}: {
  textRef: RefObject<HTMLDivElement | null>;
  /** The shown version's Markdown. */
  text: string;
  /** A finished AI text, not being edited or reviewed. */
  enabled: boolean;
  outOfCredits: boolean;
  /** The plan's cost of a whole text (the credit status's `costPerUse`). */
  cost?: number;
}) {
  const { chosen, byKeyboard, asking, setAsking, close, move, toolbar, press } = usePassageChoice(
    textRef,
    text,
    enabled,
  );
  const [instruction, setInstruction] = useState("");
  const position = useToolbarPlace(toolbar, chosen?.range ?? null, asking);
  const { t: m } = useMessages(passageWords);

  if (!enabled || !chosen) return null;
  const { passage } = chosen;

  const start = (action: RefineAction, words?: string) => {
    close(false);
    getSelection()?.removeAllRanges();
    changePassage(action, passage, words);
  };
  const price = passageQuote(text, passage, asking ? "instruction" : "rephrase", cost);

  return (
    <div
      ref={toolbar}
      role="toolbar"
      aria-label={m("passage.tools")}
      data-testid="passage-tools"
      style={{ top: position.top, left: position.left }}
      className="fixed z-30 w-max max-w-[calc(100vw-0.75rem)] rounded-lg border border-slate-200 bg-white p-1.5 shadow-lg sm:max-w-md dark:border-slate-700 dark:bg-slate-900"
      onPointerDown={(event) => {
        press();
        // A press on a button keeps the page's selection; the instruction box takes focus.
        if (!(event.target as HTMLElement).closest("input")) event.preventDefault();
      }}
      onKeyDown={(event) => {
        if (event.key === "Escape") {
          event.preventDefault();
          event.stopPropagation();
          return close(true);
        }
        if (event.key !== "ArrowRight" && event.key !== "ArrowLeft") return;
        if ((event.target as HTMLElement).closest("input")) return;
        const buttons = [...event.currentTarget.querySelectorAll("button")];
        const at = buttons.indexOf(document.activeElement as HTMLButtonElement);
        const step = event.key === "ArrowRight" ? 1 : -1;
        buttons[(at + step + buttons.length) % buttons.length]?.focus();
        event.preventDefault();
      }}
    >
      <div className="flex flex-wrap items-center gap-0.5">
        {byKeyboard && (
          <button
            type="button"
            className={toolButton}
            aria-label={m("passage.previous")}
            onClick={() => move(-1)}
          >
            ‹
          </button>
        )}
        {ACTIONS.map((action) => (
          <button
            key={action}
            type="button"
            data-action={action}
            className={toolButton}
            {...paidAction(outOfCredits, () => start(action))}
          >
            {m(`passage.${action}`)}
          </button>
        ))}
        <button
          type="button"
          className={toolButton}
          aria-expanded={asking}
          {...paidAction(outOfCredits, () => setAsking(!asking))}
        >
          {m("passage.ask")}
        </button>
        {byKeyboard && (
          <button
            type="button"
            className={toolButton}
            aria-label={m("passage.next")}
            onClick={() => move(1)}
          >
            ›
          </button>
        )}
        <button
          type="button"
          className={`${toolButton} ml-auto`}
          aria-label={m("passage.close")}
          onClick={() => close(true)}
        >
          ×
        </button>
      </div>
      {asking && (
        <PassageAsk
          instruction={instruction}
          setInstruction={setInstruction}
          onAsk={(words) => start("instruction", words)}
        />
      )}
      <p className="px-2 pt-1 text-xs text-slate-600 dark:text-slate-400">
        {price.low === price.high
          ? m("passage.priceOne", { credits: price.low })
          : m("passage.price", price)}
      </p>
    </div>
  );
}

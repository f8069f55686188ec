import type { WordChange } from "#generator/lib/word-changes.ts";
import type { changeWords } from "#i18n/changes.ts";
import type { Translate } from "#components/ui/use-messages.ts";

type ChangeKey = Parameters<typeof changeWords.translate>[1];

/** A change turned down or accepted; undecided while it has no entry. */
export type Decision = "accepted" | "rejected";

const markButton =
  "ms-0.5 inline-flex h-6 min-w-6 items-center justify-center rounded border px-1 align-baseline text-xs font-semibold leading-none focus-visible:outline-2 focus-visible:outline-offset-1 focus-visible:outline-brand-600";
const pressed =
  "border-slate-800 bg-slate-800 text-white dark:border-slate-100 dark:bg-slate-100 dark:text-slate-900";
const unpressed =
  "border-slate-300 bg-white text-slate-800 hover:bg-slate-100 dark:border-slate-600 dark:bg-slate-900 dark:text-slate-100 dark:hover:bg-slate-800";

/** The side of a decided change that is not kept: there, but quiet. */
const set = "text-slate-600 dark:text-slate-400";

/** Whitespace shown as a sign where a change is nothing but whitespace: seen, not guessed. */
function shownWords(words: string, keepBreaks: boolean): string {
  if (/\S/u.test(words)) return words;
  return words.replace(/\n/gu, keepBreaks ? "↵\n" : "↵").replace(/[^\S\n]/gu, "␣");
}

/** A change's words for its buttons' names: short, on one line, whitespace named. */
function quoted(words: string, c: Translate<ChangeKey>): string {
  const line = words.trim().replace(/\s+/gu, " ");
  if (!line) return words.includes("\n") ? c("changes.lineBreak") : c("changes.space");
  return line.length > 40 ? `${line.slice(0, 39)}…` : line;
}

/** What a change does, for its buttons' names: "“teh” to “the”", "add “very”". */
export function describeChange(change: WordChange, c: Translate<ChangeKey>): string {
  const removed = quoted(change.removed, c);
  const added = quoted(change.added, c);
  if (!change.removed) return c("changes.insert", { added });
  if (!change.added) return c("changes.delete", { removed });
  return c("changes.replace", { removed, added });
}

/**
 * One change in the text: what was removed (struck through) and what was added
 * (underlined), each named for screen readers, then Accept and Reject. A decided change
 * greys the side it does not keep.
 */
export function ChangeMark({
  change,
  decision,
  onDecide,
  c,
}: {
  change: WordChange;
  decision: Decision | undefined;
  onDecide(decision: Decision | undefined): void;
  c: Translate<ChangeKey>;
}) {
  const what = describeChange(change, c);
  const number = change.index + 1;
  const toggle = (next: Decision) => onDecide(decision === next ? undefined : next);
  /** Accept or reject, pressed while that is the decision; pressed again, undecided. */
  const decisionButton = (
    next: Decision,
    name: "changes.accept" | "changes.reject",
    mark: string,
  ) => (
    <button
      type="button"
      className={`${markButton} ${decision === next ? pressed : unpressed}`}
      aria-pressed={decision === next}
      aria-label={c(name, { number, change: what })}
      title={c(name, { number, change: what })}
      onClick={() => toggle(next)}
    >
      <span aria-hidden="true">{mark}</span>
    </button>
  );
  return (
    <span data-change={change.index} data-decision={decision ?? "open"}>
      {change.removed && (
        <del
          className={`rounded-sm px-0.5 line-through decoration-2 ${decision === "accepted" ? set : "bg-red-50 text-red-800 dark:bg-red-950/60 dark:text-red-200"}`}
        >
          <span className="sr-only">{c("changes.removed")} </span>
          {shownWords(change.removed, false)}
        </del>
      )}
      {change.added && (
        <ins
          className={`rounded-sm px-0.5 underline decoration-2 underline-offset-2 ${decision === "rejected" ? set : "bg-green-50 text-green-800 dark:bg-green-950/60 dark:text-green-200"}`}
        >
          <span className="sr-only">{c("changes.added")} </span>
          {shownWords(change.added, true)}
        </ins>
      )}
      {decisionButton("accepted", "changes.accept", "✓")}
      {decisionButton("rejected", "changes.reject", "✗")}
    </span>
  );
}

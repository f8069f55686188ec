import { Fragment, useEffect, useMemo, useRef, useState } from "react";
import { languageTag, textDirection } from "#shared/generation.ts";
import { changesOf, mergedText, wordChanges } from "#generator/lib/word-changes.ts";
import { closeChanges, type ChangesBase } from "#generator/state/changes-view.ts";
import { showVersion, type TextVersion } from "#generator/state/desk.ts";
import { saveEditedText } from "#generator/state/edit-saving.ts";
import { changeWords } from "#i18n/changes.ts";
import { showToast } from "#stores/toasts.ts";
import { useMessages } from "#components/ui/use-messages.ts";
import { actionButton } from "./action-button.ts";
import { ChangeMark, type Decision } from "./ChangeMark.tsx";

/**
 * "See what changed" (issue 26): the shown version against what it came from, word by
 * word. Each change is accepted or rejected on its own (or all at once), and "Keep these
 * changes" saves the older text with exactly the accepted ones as the next version, as Edit
 * → Save does (free). Loaded on first use, with the diff library: not the page's code.
 */
export default function ChangesView({
  version,
  base,
}: {
  version: TextVersion;
  base: ChangesBase;
}) {
  const { t: c } = useMessages(changeWords);
  const language = version.request.language;
  const pieces = useMemo(
    () => wordChanges(base.text, version.text, languageTag(language)),
    [base.text, version.text, language],
  );
  const changes = useMemo(() => changesOf(pieces), [pieces]);
  const [decisions, setDecisions] = useState<Record<number, Decision>>({});
  const [saving, setSaving] = useState(false);
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => heading.current?.focus({ preventScroll: true }), []);

  const decided = Object.values(decisions);
  const accepted = decided.filter((decision) => decision === "accepted").length;
  const rejected = decided.filter((decision) => decision === "rejected").length;

  /** Back to the text: the keyboard goes on there, not at the page's top. */
  function leave() {
    closeChanges();
    requestAnimationFrame(() => document.getElementById("result-text")?.focus());
  }

  function decide(index: number, decision: Decision | undefined) {
    setDecisions(({ [index]: _old, ...others }) =>
      decision ? { ...others, [index]: decision } : others,
    );
  }

  function decideAll(decision: Decision) {
    setDecisions(Object.fromEntries(changes.map((change) => [change.index, decision])));
  }

  async function keep() {
    // Not rejected is kept as written.
    const kept = new Set(
      changes
        .filter((change) => decisions[change.index] !== "rejected")
        .map((change) => change.index),
    );
    if (kept.size === changes.length) {
      showToast({ title: c("changes.allAccepted"), variant: "success" });
      leave();
      return;
    }
    if (kept.size === 0 && base.parentIndex !== null) {
      showVersion(base.parentIndex);
      showToast({ title: c("changes.allRejected"), variant: "success" });
      leave();
      return;
    }
    setSaving(true);
    const saved = await saveEditedText(mergedText(pieces, kept));
    setSaving(false);
    if (saved) leave();
  }

  return (
    <section aria-labelledby="changes-heading" data-testid="changes-view" className="grid gap-3">
      <div className="flex flex-wrap items-baseline gap-x-3 gap-y-1">
        <h3
          id="changes-heading"
          ref={heading}
          tabIndex={-1}
          className="text-base font-semibold text-slate-900 focus:outline-none dark:text-white"
        >
          {c("changes.heading")}
        </h3>
        <p className="text-sm text-slate-600 dark:text-slate-400">
          {c(base.from === "input" ? "changes.fromInput" : "changes.fromParent")}
        </p>
      </div>
      {changes.length === 0 ? (
        <p role="status" className="text-sm text-slate-700 dark:text-slate-300">
          {c("changes.none")}
        </p>
      ) : (
        <>
          <div className="flex flex-wrap gap-2">
            <button type="button" className={actionButton} onClick={() => decideAll("accepted")}>
              {c("changes.acceptAll")}
            </button>
            <button type="button" className={actionButton} onClick={() => decideAll("rejected")}>
              {c("changes.rejectAll")}
            </button>
          </div>
          <div
            role="region"
            aria-label={c("changes.text")}
            data-testid="changes-text"
            lang={languageTag(language)}
            dir={textDirection(language)}
            className="rounded-md border border-slate-200 p-3 text-[0.95rem] leading-8 whitespace-pre-wrap break-words text-slate-800 lg:max-h-[32rem] lg:overflow-y-auto dark:border-slate-800 dark:text-slate-100"
          >
            {pieces.map((piece, i) =>
              piece.kind === "same" ? (
                <Fragment key={i}>{piece.text}</Fragment>
              ) : (
                <ChangeMark
                  key={i}
                  change={piece.change}
                  decision={decisions[piece.change.index]}
                  onDecide={(decision) => decide(piece.change.index, decision)}
                  c={c}
                />
              ),
            )}
          </div>
          <p
            role="status"
            data-testid="changes-summary"
            className="text-sm text-slate-700 dark:text-slate-300"
          >
            {c("changes.summary", {
              count: changes.length,
              accepted,
              rejected,
              open: changes.length - accepted - rejected,
            })}{" "}
            {c("changes.openKept")}
          </p>
        </>
      )}
      <div className="flex flex-wrap gap-2">
        {changes.length > 0 && (
          <button
            type="button"
            disabled={saving}
            onClick={() => void keep()}
            className="inline-flex items-center justify-center rounded-md bg-brand-600 px-3 py-1.5 text-sm font-semibold text-white hover:bg-brand-700 disabled:opacity-60"
          >
            {c("changes.keep")}
          </button>
        )}
        <button type="button" className={actionButton} disabled={saving} onClick={leave}>
          {c("changes.close")}
        </button>
      </div>
    </section>
  );
}

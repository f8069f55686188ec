import { useState } from "react";
import { languageOption } from "#i18n/wording.ts";
import { LANGUAGES, type Language, type Refinement } from "#shared/generation.ts";
import type { TextVersion } from "#generator/state/desk.ts";
import { refine } from "#generator/state/text-changes.ts";
import { useMessages, type Translate } from "#components/ui/use-messages.ts";
import { paidAction } from "../paid-action.ts";
import { actionButton } from "./action-button.ts";

const REFINE_BUTTONS: Exclude<Refinement, "translate">[] = [
  "shorter",
  "longer",
  "formal",
  "friendlier",
];

/** Shorter, Longer, More formal, Friendlier, Translate to …: follow-ups to the shown text. */
export function RefineBar({
  version,
  outOfCredits,
  t,
}: {
  version: TextVersion;
  /** A refinement is a paid text: like Regenerate, it waits for credits. */
  outOfCredits: boolean;
  t: Translate;
}) {
  return (
    <div
      role="group"
      aria-label={t("desk.refine")}
      className="mt-3 flex flex-wrap items-center gap-2"
    >
      {REFINE_BUTTONS.map((name) => (
        <button
          key={name}
          type="button"
          className={actionButton}
          {...paidAction(outOfCredits, () => refine(name))}
        >
          {t(`desk.refine.${name}`)}
        </button>
      ))}
      <TranslateControl version={version} outOfCredits={outOfCredits} />
    </div>
  );
}

/** Translate to …: a language, then a button, so that choosing never charges by itself. */
function TranslateControl({
  version,
  outOfCredits,
}: {
  version: TextVersion;
  outOfCredits: boolean;
}) {
  const { language: uiLanguage, t } = useMessages();
  const [target, setTarget] = useState("");
  return (
    <span className="inline-flex items-center gap-1">
      <label className="sr-only" htmlFor="refine-translate">
        {t("desk.refine.translateTo")}
      </label>
      <select
        id="refine-translate"
        className={`${actionButton} bg-white dark:bg-slate-900`}
        value={target}
        onChange={(event) => setTarget(event.target.value)}
      >
        <option value="" disabled>
          {t("desk.refine.translate")}
        </option>
        {LANGUAGES.filter((language) => language.id !== version.request.language).map(
          (language) => (
            <option key={language.id} value={language.id}>
              {languageOption(uiLanguage, language.id)}
            </option>
          ),
        )}
      </select>
      <button
        type="button"
        className={actionButton}
        disabled={!target}
        {...paidAction(outOfCredits, () => refine("translate", target as Language))}
      >
        {t("desk.refine.translateButton")}
      </button>
    </span>
  );
}

import { useEffect, useId, useMemo, useRef, useState, type KeyboardEvent } from "react";
import { createPortal } from "react-dom";
import { useCaseWords } from "#i18n/use-cases.ts";
import { localized } from "#i18n/wording.ts";
import type { UseCaseForForm } from "#shared/use-cases.ts";
import { loadUseCases } from "#generator/state/use-case-list.ts";
import { ModalDialog } from "#components/ui/ModalDialog.tsx";
import { useMessages } from "#components/ui/use-messages.ts";
import { applyTemplate, type FormChoices } from "./apply-template.ts";
import { TemplateChoices } from "./TemplateChoices.tsx";
import { findUseCases } from "./use-case-search.ts";

/**
 * One choice: a button named by its name, described by its summary; the whole row takes
 * the click (the button's ::after covers it), but only the name names it.
 */
function Choice({
  name,
  summary,
  current,
  onChoose,
}: {
  name: string;
  summary: string;
  current: boolean;
  onChoose(): void;
}) {
  const id = useId();
  return (
    <div
      className={`relative rounded-md px-3 py-2 hover:bg-brand-50 dark:hover:bg-slate-800 ${current ? "bg-brand-50 ring-1 ring-brand-500 dark:bg-slate-800" : ""}`}
    >
      <button
        type="button"
        className="text-start font-medium text-slate-900 after:absolute after:inset-0 dark:text-white"
        aria-describedby={id}
        aria-current={current || undefined}
        onClick={onChoose}
      >
        {name}
      </button>
      <p id={id} className="text-xs text-slate-600 dark:text-slate-400">
        {summary}
      </p>
    </div>
  );
}

/**
 * The use-case picker (issue 42): a search box over the list, grouped by category, each a
 * button; "Describe it yourself" first. Loaded, with the list, when the picker is opened.
 * Arrow keys move between the choices; Enter in the search box takes the first match.
 */
export default function UseCaseDialog({
  chosen,
  onChoose,
  onClose,
  form,
}: {
  /** The chosen use case's slug; null for "Describe it yourself". */
  chosen: string | null;
  onChoose(useCase: UseCaseForForm | null): void;
  onClose(): void;
  /** What a template (issue 28, "Mine", first) sets in the form. */
  form: FormChoices;
}) {
  const { language, t } = useMessages();
  const { t: u, plural } = useMessages(useCaseWords);
  const id = useId();
  const list = useRef<HTMLDivElement>(null);
  const [useCases, setUseCases] = useState<UseCaseForForm[] | null>(null);
  const [failed, setFailed] = useState(false);
  const [query, setQuery] = useState("");
  const groups = useMemo(
    () => findUseCases(useCases ?? [], query, language),
    [useCases, query, language],
  );
  const count = groups.reduce((sum, group) => sum + group.useCases.length, 0);

  useEffect(() => {
    let open = true;
    loadUseCases().then(
      (loaded) => open && setUseCases(loaded),
      () => open && setFailed(true),
    );
    return () => {
      open = false;
    };
  }, []);

  /** Up and Down move between the choices; Down from the search box goes to the first. */
  function moveFocus(event: KeyboardEvent, from: "search" | "list") {
    if (event.key !== "ArrowDown" && event.key !== "ArrowUp") return;
    const buttons = [...(list.current?.querySelectorAll("button") ?? [])];
    const at =
      from === "search" ? -1 : buttons.indexOf(document.activeElement as HTMLButtonElement);
    const next = buttons[at + (event.key === "ArrowDown" ? 1 : -1)];
    if (!next) return;
    event.preventDefault();
    next.focus();
  }

  function onSearchKeyDown(event: KeyboardEvent<HTMLInputElement>) {
    if (event.key === "Enter") {
      event.preventDefault();
      const first = groups[0]?.useCases[0];
      if (first && query.trim()) onChoose(first);
      return;
    }
    moveFocus(event, "search");
  }

  const status = failed
    ? u("useCase.loadFailed")
    : !useCases
      ? t("common.loading")
      : count === 0
        ? u("useCase.noMatch")
        : plural("useCase.count", count);

  // Outside the generator's <form>: Enter in the search box must not send it.
  return createPortal(
    <ModalDialog
      open
      wide
      onClose={onClose}
      title={t("useCase.choose")}
      description={<p>{u("useCase.dialog.body")}</p>}
    >
      <div className="mt-4 grid gap-1.5">
        <label
          htmlFor={`${id}-search`}
          className="text-sm font-medium text-slate-800 dark:text-slate-200"
        >
          {u("useCase.search")}
        </label>
        <input
          id={`${id}-search`}
          type="search"
          autoComplete="off"
          value={query}
          onChange={(event) => setQuery(event.target.value)}
          onKeyDown={onSearchKeyDown}
          aria-describedby={`${id}-status`}
          className="rounded-md border border-slate-300 bg-white px-3 py-2 text-slate-900 focus:border-brand-500 dark:border-slate-600 dark:bg-slate-900 dark:text-white"
        />
        <p
          id={`${id}-status`}
          role="status"
          className={`text-xs ${failed ? "text-red-700 dark:text-red-400" : "text-slate-600 dark:text-slate-400"}`}
        >
          {status}
        </p>
      </div>
      {/* eslint-disable-next-line jsx-a11y/no-static-element-interactions -- the arrow keys move focus between the buttons inside; the list only hears them */}
      <div
        ref={list}
        onKeyDown={(event) => moveFocus(event, "list")}
        className="mt-3 max-h-[50vh] overflow-y-auto"
      >
        <TemplateChoices
          query={query}
          onChoose={(template) => void applyTemplate(template, form).then(onClose)}
        />
        <Choice
          name={t("useCase.describe")}
          summary={u("useCase.describeHint")}
          current={chosen === null}
          onChoose={() => onChoose(null)}
        />
        {groups.map((group) => (
          <section key={group.category} aria-labelledby={`${id}-${group.category}`}>
            <h3
              id={`${id}-${group.category}`}
              className="mt-3 px-3 text-xs font-semibold tracking-wide text-slate-600 uppercase dark:text-slate-400"
            >
              {t(`useCase.category.${group.category}`)}
            </h3>
            <ul className="mt-1">
              {group.useCases.map((useCase) => (
                <li key={useCase.slug}>
                  <Choice
                    name={localized(language, useCase.name)}
                    summary={localized(language, useCase.summary)}
                    current={useCase.slug === chosen}
                    onChoose={() => onChoose(useCase)}
                  />
                </li>
              ))}
            </ul>
          </section>
        ))}
      </div>
    </ModalDialog>,
    document.body,
  );
}

import { useStore } from "@nanostores/react";
import { useEffect, useRef, useState } from "react";
import { createPortal } from "react-dom";
import { localized } from "#i18n/wording.ts";
import { useCaseWords } from "#i18n/use-cases.ts";
import type { UseCaseExample, UseCaseForForm } from "#shared/use-cases.ts";
import { $desk } from "#generator/state/desk.ts";
import { RenderedText } from "#components/ui/RenderedText.tsx";
import { useMessages } from "#components/ui/use-messages.ts";
import { actionButton } from "../result/action-button.ts";
import { scrollResultIntoSight } from "../result/use-result-focus.ts";

/**
 * "Try this example" (issue 27), on a use case's own page: its first example fills the
 * fields and shows in the result panel at once, free, as nothing is sent or kept. It is not
 * a version: the next text written takes its place, as does any other change of the panel.
 */
export function TryExample({
  useCase,
  example,
  onChange,
}: {
  useCase: UseCaseForForm;
  example: UseCaseExample;
  onChange(id: string, value: string): void;
}) {
  const { language, words } = useMessages();
  const { t: u } = useMessages(useCaseWords);
  const { busy } = useStore($desk);
  const [shown, setShown] = useState(false);
  const button = useRef<HTMLButtonElement>(null);

  function onTry() {
    // Every field as the example has it: one it leaves empty is emptied.
    for (const field of useCase.fields) {
      const value = example.fields[field.id] ?? "";
      onChange(field.id, typeof value === "string" ? value : localized(language, value));
    }
    setShown(true);
  }

  return (
    <>
      <button
        ref={button}
        type="button"
        disabled={busy}
        className={`${actionButton} justify-self-start`}
        onClick={onTry}
      >
        {u("useCase.example.try")}
      </button>
      {shown && (
        <ExampleResult
          text={localized(language, example.text)}
          language={words === "tr" ? "turkish" : "english"}
          // Write mine is the form's own Generate: from the fields as they are now.
          onWrite={() => button.current?.form?.requestSubmit()}
          onGone={() => setShown(false)}
        />
      )}
    </>
  );
}

/**
 * The example in the result panel's place (the panel's own content hides meanwhile,
 * global.css), labelled as one, with Write mine under it. Any change of the panel (a text
 * starts, a version is shown) ends it.
 */
function ExampleResult({
  text,
  language,
  onWrite,
  onGone,
}: {
  text: string;
  /** The example's language, for its direction and hyphenation. */
  language: string;
  onWrite(): void;
  onGone(): void;
}) {
  const { t: u } = useMessages(useCaseWords);
  const shown = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const panel = document.getElementById("result")!;
    panel.dataset.example = "";
    // On a phone the panel stands under the form: the example comes into view.
    scrollResultIntoSight(shown.current!);
    const stop = $desk.listen(onGone);
    return () => {
      delete panel.dataset.example;
      stop();
    };
    // eslint-disable-next-line react-hooks/exhaustive-deps -- once: it goes with the first change
  }, []);
  return createPortal(
    <div ref={shown} className="flex h-full scroll-mt-24 flex-col" data-testid="example-result">
      <h2 className="text-lg font-semibold text-slate-900 dark:text-white">
        {u("useCase.example.heading")}
      </h2>
      <p className="mt-1 text-sm text-slate-600 dark:text-slate-400">{u("useCase.example.note")}</p>
      <RenderedText
        role="region"
        tabIndex={0}
        aria-label={u("useCase.example.text")}
        text={text}
        language={language}
        className="mt-4 flex-1 rounded-md text-[0.95rem] leading-7 text-slate-800 focus-visible:outline-2 focus-visible:outline-offset-4 focus-visible:outline-brand-600 lg:max-h-[32rem] lg:overflow-y-auto dark:text-slate-100"
      />
      <button
        type="button"
        className="mt-4 inline-flex items-center justify-center self-start rounded-md bg-brand-600 px-4 py-2.5 text-sm font-semibold text-white shadow-sm hover:bg-brand-700"
        onClick={onWrite}
      >
        {u("useCase.example.write")}
      </button>
    </div>,
    // GeneratorDesk.astro's result panel, beside (or, on a phone, under) the form.
    document.getElementById("result")!,
  );
}

import { useStore } from "@nanostores/react";
import { useId, useState, type FormEvent } from "react";
import { createPortal } from "react-dom";
import { ownTextWords } from "#i18n/own-text.ts";
import { LANGUAGE_IDS, type ContentType, type Language } from "#shared/generation.ts";
import { MAX_OWN_TEXT_CHARS } from "#shared/use-case-limits.ts";
import { wordFailure, type AttemptFailure } from "#generator/lib/attempt-failure.ts";
import { $desk } from "#generator/state/desk.ts";
import { keepOwnText } from "#generator/state/own-text.ts";
import { afterUnsavedEdits } from "#generator/state/text-edit.ts";
import { ModalDialog } from "#components/ui/ModalDialog.tsx";
import { useMessages } from "#components/ui/use-messages.ts";
import { showToast } from "#stores/toasts.ts";
import { OwnTextInput } from "./OwnTextInput.tsx";

/**
 * "Start from your text" (issue 26): paste or open a text; "Use this text" keeps it as the
 * first version on the desk. Loaded when the button is first pressed. Closing it, or a
 * failure, leaves the desk as it was.
 */
export default function OwnTextDialog({
  contentType,
  onClose,
}: {
  /** The form's content type: the text is filed as one (an article when none is chosen). */
  contentType?: ContentType;
  onClose(): void;
}) {
  const { language } = useMessages();
  const { t } = useMessages(ownTextWords);
  const { busy } = useStore($desk);
  const id = useId();
  const [text, setText] = useState("");
  const [empty, setEmpty] = useState(false);
  const [sending, setSending] = useState(false);
  const [failure, setFailure] = useState<AttemptFailure | null>(null);

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    // Rendered in a portal, yet inside the generator's form in React's tree: its submit
    // would bubble there and ask for a description.
    event.stopPropagation();
    if (sending || busy) return;
    if (!text.trim()) {
      setEmpty(true);
      document.getElementById(`${id}-text`)?.focus();
      return;
    }
    if (text.length > MAX_OWN_TEXT_CHARS) {
      document.getElementById(`${id}-text`)?.focus();
      return;
    }
    afterUnsavedEdits(() => void send());
  }

  async function send() {
    setSending(true);
    setFailure(null);
    const chosen = (LANGUAGE_IDS as string[]).includes(language) ? language : "english";
    const failed = await keepOwnText({
      text,
      language: chosen as Language,
      ...(contentType ? { contentType } : {}),
    });
    setSending(false);
    if (failed) {
      setFailure(failed);
      return;
    }
    showToast({ title: t("kept"), variant: "success" });
    onClose();
  }

  return createPortal(
    <ModalDialog
      open
      wide
      onClose={onClose}
      title={t("dialog.title")}
      description={<p>{t("dialog.body")}</p>}
    >
      <form noValidate onSubmit={onSubmit} className="mt-4 grid gap-4">
        <OwnTextInput
          id={`${id}-text`}
          value={text}
          onChange={(next) => {
            setText(next);
            setEmpty(false);
          }}
          error={empty ? t("input.empty") : null}
        />
        {failure && (
          <p role="alert" className="text-sm text-red-700 dark:text-red-400">
            {t("failed")}: {wordFailure(language, failure)}
          </p>
        )}
        <div className="flex flex-wrap justify-end gap-3">
          <button
            type="button"
            onClick={onClose}
            className="rounded-md border border-slate-300 px-4 py-2 text-sm font-semibold text-slate-900 hover:bg-slate-50 dark:border-slate-600 dark:text-white dark:hover:bg-slate-800"
          >
            {t("cancel")}
          </button>
          <button
            type="submit"
            disabled={sending || busy}
            className="rounded-md bg-brand-600 px-4 py-2 text-sm font-semibold text-white hover:bg-brand-700 disabled:opacity-60"
          >
            {sending ? t("using") : t("use")}
          </button>
        </div>
      </form>
    </ModalDialog>,
    document.body,
  );
}

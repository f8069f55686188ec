import { useState } from "react";
import { apiFetch } from "#client/http.ts";
import { consoleLabel, consoleWords } from "#i18n/console.ts";
import type { MessageKey } from "#i18n/messages.ts";
import { contentTypeName, languageName } from "#i18n/wording.ts";
import type { AccountDetail, OpenedText } from "#shared/console.ts";
import { LENGTH_WORDS } from "#shared/generation.ts";
import { noteConsoleChange } from "#stores/console.ts";
import { useMessages } from "#components/ui/use-messages.ts";
import { cell, when } from "./account-look.ts";
import { OpenedTextPanel } from "./OpenedTextPanel.tsx";
import { OutcomeLine, type Outcome } from "./outcome.tsx";

/** The account's texts, without their words; Open shows one and the audit notes it. */
export function TextsTable({ texts }: { texts: AccountDetail["texts"] }) {
  const { t } = useMessages(consoleWords);
  const [opened, setOpened] = useState<OpenedText | null>(null);
  const [outcome, setOutcome] = useState<Outcome>(null);
  // Types, languages and lengths by the names the desk gives them, in the chosen language.
  const { language, t: desk } = useMessages();

  async function open(id: string) {
    try {
      const { ok, body } = await apiFetch<OpenedText>("/api/console/open-text", {
        json: { generationId: id },
      });
      if (ok) {
        setOpened(body);
        setOutcome(null);
        noteConsoleChange();
      } else setOutcome({ ok: false, message: body.message ?? t("loadFailed") });
    } catch (error) {
      setOutcome({ ok: false, message: (error as Error).message });
    }
  }

  if (texts.length === 0) {
    return (
      <p className="mt-2 text-sm text-slate-600 dark:text-slate-400">{t("account.texts.none")}</p>
    );
  }
  return (
    <>
      <p className="mt-1 text-sm text-slate-600 dark:text-slate-400">{t("account.texts.note")}</p>
      <div className="mt-2 overflow-x-auto">
        <table className="w-full text-left text-sm">
          <thead>
            <tr>
              {(
                [
                  "account.texts.type",
                  "account.texts.language",
                  "account.texts.date",
                  "account.texts.writer",
                  "account.texts.length",
                  "account.texts.words",
                  "account.texts.status",
                ] as const
              ).map((key) => (
                <th key={key} scope="col" className={cell}>
                  {t(key)}
                </th>
              ))}
              <th scope="col" className="sr-only">
                {t("account.texts.open")}
              </th>
            </tr>
          </thead>
          <tbody>
            {texts.map((text) => (
              <tr key={text.id} className="border-t border-slate-100 dark:border-slate-800">
                <td className={cell}>{contentTypeName(language, text.contentType)}</td>
                <td className={cell}>{languageName(language, text.language)}</td>
                <td className={cell}>
                  <time dateTime={text.createdAt}>{when(text.createdAt)}</time>
                </td>
                <td className={cell}>
                  {text.modelUsed ? consoleLabel(t, "writer", text.modelUsed) : "–"}
                </td>
                <td className={cell}>
                  {text.length && text.length in LENGTH_WORDS
                    ? desk(`length.${text.length}` as MessageKey)
                    : (text.length ?? "–")}
                </td>
                <td className={`${cell} tabular-nums`}>{text.words}</td>
                <td className={cell}>{consoleLabel(t, "textStatus", text.status)}</td>
                <td className={cell}>
                  <button
                    type="button"
                    className="underline"
                    aria-label={t("account.texts.openLabel", {
                      type: contentTypeName(language, text.contentType),
                      date: when(text.createdAt),
                    })}
                    onClick={() => void open(text.id)}
                  >
                    {t("account.texts.open")}
                  </button>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <OutcomeLine outcome={outcome} />
      {opened && <OpenedTextPanel text={opened} onClose={() => setOpened(null)} />}
    </>
  );
}

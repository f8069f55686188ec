import { useState } from "react";
import { apiFetch } from "#client/http.ts";
import { consoleLabel, consoleSays, consoleText } from "#i18n/console.ts";
import type { AccountDetail, OpenedText } from "#shared/console.ts";
import { noteConsoleChange } from "#stores/console.ts";
import { cell, when } from "./account-look.ts";
import { OpenedTextPanel } from "./OpenedTextPanel.tsx";
import { OutcomeLine, type Outcome } from "./outcome.tsx";

/** The account's texts, without their words; Open shows one and the audit notes it. */
export function TextsTable({ texts }: { texts: AccountDetail["texts"] }) {
  const [opened, setOpened] = useState<OpenedText | null>(null);
  const [outcome, setOutcome] = useState<Outcome>(null);

  async function open(id: string) {
    try {
      const { ok, body } = await apiFetch<OpenedText>("/api/console/open-text", {
        json: { generationId: id },
      });
      if (ok) {
        setOpened(body);
        setOutcome(null);
        noteConsoleChange();
      } else setOutcome({ ok: false, message: body.message ?? consoleText.loadFailed });
    } catch (error) {
      setOutcome({ ok: false, message: (error as Error).message });
    }
  }

  if (texts.length === 0) {
    return (
      <p className="mt-2 text-sm text-slate-600 dark:text-slate-400">
        {consoleText["account.texts.none"]}
      </p>
    );
  }
  return (
    <>
      <p className="mt-1 text-sm text-slate-600 dark:text-slate-400">
        {consoleText["account.texts.note"]}
      </p>
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
                  {consoleText[key]}
                </th>
              ))}
              <th scope="col" className="sr-only">
                {consoleText["account.texts.open"]}
              </th>
            </tr>
          </thead>
          <tbody>
            {texts.map((text) => (
              <tr key={text.id} className="border-t border-slate-100 dark:border-slate-800">
                <td className={cell}>{text.contentType}</td>
                <td className={cell}>{text.language}</td>
                <td className={cell}>
                  <time dateTime={text.createdAt}>{when(text.createdAt)}</time>
                </td>
                <td className={cell}>
                  {text.modelUsed ? consoleLabel("writer", text.modelUsed) : "–"}
                </td>
                <td className={cell}>{text.length ?? "–"}</td>
                <td className={`${cell} tabular-nums`}>{text.words}</td>
                <td className={cell}>{text.status}</td>
                <td className={cell}>
                  <button
                    type="button"
                    className="underline"
                    aria-label={consoleSays("account.texts.openLabel", {
                      type: text.contentType,
                      date: when(text.createdAt),
                    })}
                    onClick={() => void open(text.id)}
                  >
                    {consoleText["account.texts.open"]}
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

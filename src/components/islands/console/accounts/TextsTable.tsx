import { useState, type ReactNode } from "react";
import { apiFetch } from "#client/http.ts";
import { consoleLabel, consoleWords, type ConsoleTextKey } from "#i18n/console.ts";
import type { MessageKey } from "#i18n/messages.ts";
import { contentTypeName, languageName } from "#i18n/wording.ts";
import type { AccountDetail, OpenedText } from "#shared/console.ts";
import { LENGTH_WORDS } from "#shared/generation.ts";
import { noteConsoleChange } from "#stores/console.ts";
import { useMessages } from "#components/ui/use-messages.ts";
import { DataTable, ruledRow, type Column } from "#components/ui/DataTable.tsx";
import { cell, when } from "./account-look.ts";
import { OpenedTextPanel } from "./OpenedTextPanel.tsx";
import { OutcomeLine, type Outcome } from "./outcome.tsx";

type Text = AccountDetail["texts"][number];

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

  const column = (
    id: string,
    header: ConsoleTextKey,
    shown: (text: Text) => ReactNode,
  ): Column<Text> => ({ id, header: t(header), cell: shown, className: cell });
  const columns: Column<Text>[] = [
    column("type", "account.texts.type", (text) => contentTypeName(language, text.contentType)),
    column("language", "account.texts.language", (text) => languageName(language, text.language)),
    column("date", "account.texts.date", (text) => (
      <time dateTime={text.createdAt}>{when(text.createdAt)}</time>
    )),
    column("writer", "account.texts.writer", (text) =>
      text.modelUsed ? consoleLabel(t, "writer", text.modelUsed) : "–",
    ),
    column("length", "account.texts.length", (text) =>
      text.length && text.length in LENGTH_WORDS
        ? desk(`length.${text.length}` as MessageKey)
        : (text.length ?? "–"),
    ),
    {
      ...column("words", "account.texts.words", (text) => text.words),
      className: `${cell} tabular-nums`,
      headerClassName: cell,
    },
    column("status", "account.texts.status", (text) => consoleLabel(t, "textStatus", text.status)),
    {
      ...column("open", "account.texts.open", (text) => (
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
      )),
      headerClassName: "sr-only",
    },
  ];

  if (texts.length === 0) {
    return (
      <p className="mt-2 text-sm text-slate-600 dark:text-slate-400">{t("account.texts.none")}</p>
    );
  }
  return (
    <>
      <p className="mt-1 text-sm text-slate-600 dark:text-slate-400">{t("account.texts.note")}</p>
      <DataTable
        columns={columns}
        rows={texts}
        rowKey={(text) => text.id}
        scrollClassName="mt-2 overflow-x-auto"
        className="w-full text-left text-sm"
        rowClassName={ruledRow}
      />
      <OutcomeLine outcome={outcome} />
      {opened && <OpenedTextPanel text={opened} onClose={() => setOpened(null)} />}
    </>
  );
}

import { contentTypeName, languageOption, versionLabel } from "#i18n/wording.ts";
import { outcomeWords } from "#i18n/outcomes.ts";
import { folderWords } from "#i18n/folders.ts";
import { copyRichText } from "#client/export.ts";
import { versionText } from "#generator/lib/version-text.ts";
import { textDirection } from "#shared/generation.ts";
import type { HistoryItem } from "#shared/schemas/generation.ts";
import { showToast } from "#stores/toasts.ts";
import { useMessages } from "#components/ui/use-messages.ts";
import { UseCaseName } from "../use-case-name.tsx";
import { EntryDate } from "./EntryDate.tsx";
import { MoveToFolder } from "./MoveToFolder.tsx";

const action =
  "inline-flex min-h-9 items-center rounded-md px-2 py-1 text-sm font-medium text-brand-700 hover:bg-brand-50 dark:text-brand-100 dark:hover:bg-slate-800";
const dangerAction =
  "inline-flex min-h-9 items-center rounded-md px-2 py-1 text-sm font-medium text-red-700 hover:bg-red-50 dark:text-red-400 dark:hover:bg-slate-800";

/** A text and its refinements and variants, in the order the list shows them. */
function withRefinements(items: HistoryItem[]): { item: HistoryItem; parent?: HistoryItem }[] {
  return items.flatMap((item) => [
    { item },
    // A version listed without fields has its text's.
    ...item.refinements.map((refinement) => ({
      item: { ...refinement, fields: refinement.fields ?? item.fields },
      parent: item,
    })),
  ]);
}

/** The first words of a text, without Markdown marks, for a card. */
function preview(text: string): string {
  return text
    .replace(/^#{1,6}\s+/gm, "")
    .replace(/[*_`>]/g, "")
    .replace(/\s+/g, " ")
    .trim()
    .slice(0, 160);
}

/**
 * One page of texts, refinements under the text they were made from: a table on wide
 * screens and cards on phones, each with Open, Copy and Delete.
 */
export function HistoryEntries({
  items,
  onOpen,
  onDelete,
}: {
  items: HistoryItem[];
  onOpen(item: HistoryItem): void;
  onDelete(item: HistoryItem): void;
}) {
  const { language: uiLanguage, t } = useMessages();
  const { t: f } = useMessages(folderWords);
  const entries = withRefinements(items);

  async function copy(item: HistoryItem) {
    const text = await versionText(item);
    const ok = text !== null && (await copyRichText(text, item.language));
    showToast(
      ok
        ? { title: t("toast.copiedTitle"), description: t("toast.copied"), variant: "success" }
        : { title: t("toast.copyFailed"), variant: "error" },
    );
  }

  const actions = (item: HistoryItem) => (
    <>
      <button
        type="button"
        className={action}
        onClick={() => onOpen(item)}
        aria-label={t("history.openNamed", { subject: item.subject })}
      >
        {t("history.open")}
      </button>
      <button
        type="button"
        className={action}
        onClick={() => void copy(item)}
        aria-label={t("history.copyNamed", { subject: item.subject })}
      >
        {t("actions.copy")}
      </button>
      <button
        type="button"
        className={dangerAction}
        onClick={() => onDelete(item)}
        aria-label={t("history.deleteNamed", { subject: item.subject })}
      >
        {t("history.delete")}
      </button>
    </>
  );

  return (
    <>
      <table className="hidden w-full text-left text-sm md:table">
        <thead className="border-b border-slate-200 text-slate-600 dark:border-slate-700 dark:text-slate-400">
          <tr>
            <th scope="col" className="py-2 pr-4 font-medium">
              {t("history.subject")}
            </th>
            <th scope="col" className="py-2 pr-4 font-medium">
              {t("history.type")}
            </th>
            <th scope="col" className="py-2 pr-4 font-medium">
              {t("generator.language")}
            </th>
            <th scope="col" className="py-2 pr-4 font-medium">
              {t("history.date")}
            </th>
            <th scope="col" className="py-2 pr-4 font-medium">
              {f("folders.column")}
            </th>
            <th scope="col" className="py-2 font-medium">
              {t("history.actions")}
            </th>
          </tr>
        </thead>
        <tbody className="divide-y divide-slate-200 dark:divide-slate-800">
          {entries.map(({ item, parent }) => (
            <tr key={item.id} data-history-entry={item.id} data-refinement-of={parent?.id}>
              <td
                className={`max-w-72 truncate py-2 pr-4 font-medium text-slate-900 dark:text-white ${parent ? "ps-6" : ""}`}
                title={item.subject}
              >
                <EntrySubject item={item} parent={parent} language={uiLanguage} />
              </td>
              <td className="py-2 pr-4">
                {contentTypeName(uiLanguage, item.contentType)}
                {item.useCase && (
                  <span className="block text-xs text-slate-600 dark:text-slate-400">
                    <UseCaseName slug={item.useCase} />
                  </span>
                )}
              </td>
              <td className="py-2 pr-4">{languageOption(uiLanguage, item.language)}</td>
              <td className="py-2 pr-4 whitespace-nowrap">
                <EntryDate item={item} />
              </td>
              {/* A version is in its text's folder. */}
              <td className="py-2 pr-4">{!parent && <MoveToFolder item={item} />}</td>
              <td className="py-2 whitespace-nowrap">{actions(item)}</td>
            </tr>
          ))}
        </tbody>
      </table>

      <ul className="space-y-3 md:hidden" aria-label={t("history.list")}>
        {entries.map(({ item, parent }) => (
          <li
            key={item.id}
            data-history-entry={item.id}
            data-refinement-of={parent?.id}
            className={`rounded-lg border border-slate-200 p-3 dark:border-slate-700 ${parent ? "ms-4" : ""}`}
          >
            <p className="font-medium break-words text-slate-900 dark:text-white">
              <EntrySubject item={item} parent={parent} language={uiLanguage} />
            </p>
            <p className="mt-1 text-xs text-slate-600 dark:text-slate-400">
              {contentTypeName(uiLanguage, item.contentType)}
              <UseCaseName slug={item.useCase} before=" · " /> ·{" "}
              {languageOption(uiLanguage, item.language)} · <EntryDate item={item} />
            </p>
            <p
              dir={textDirection(item.language) === "rtl" ? "rtl" : "auto"}
              className="mt-2 line-clamp-2 text-sm break-words text-slate-700 dark:text-slate-300"
            >
              {preview(item.preview)}
            </p>
            <div className="mt-2 -ms-2 flex flex-wrap items-center gap-1">
              {actions(item)}
              {!parent && <MoveToFolder item={item} />}
            </div>
          </li>
        ))}
      </ul>
    </>
  );
}

/**
 * A text's subject; a variant, a refinement or a text with refinements says which it is,
 * and a stopped text how far it got.
 */
function EntrySubject({
  item,
  parent,
  language,
}: {
  item: HistoryItem;
  parent?: HistoryItem;
  language: string;
}) {
  const { t: o } = useMessages(outcomeWords);
  return (
    <>
      {/* A text with refinements under it is marked "Original", as the result panel marks it. */}
      {(parent || item.variant > 1 || item.refinements.length > 0) && (
        <span className="me-2 inline-block rounded bg-slate-100 px-1.5 text-xs font-medium text-slate-700 dark:bg-slate-800 dark:text-slate-300">
          {parent && <span aria-hidden="true">↳ </span>}
          {versionLabel(language, item)}
        </span>
      )}
      {item.stoppedWords !== null && (
        <span
          data-testid="history-stopped"
          className="me-2 inline-block rounded bg-amber-100 px-1.5 text-xs font-medium text-amber-900 dark:bg-amber-950 dark:text-amber-100"
        >
          {o("history.stopped", { words: item.stoppedWords })}
        </span>
      )}
      {/* The subject's own words set its direction: an English subject of an Arabic text reads left to right. */}
      <span dir="auto" data-testid="history-subject">
        {item.subject}
      </span>
    </>
  );
}

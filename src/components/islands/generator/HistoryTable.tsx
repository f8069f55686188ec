import { useStore } from "@nanostores/react";
import { useEffect, useRef, useState } from "react";
import { apiFetch } from "#client/http.ts";
import {
  contentTypeName,
  describeFailure,
  languageOption,
  translateCount,
  versionLabel,
} from "#i18n/messages.ts";
import { formatDay } from "#shared/format.ts";
import { copyRichText } from "#client/export.ts";
import { savePromptForReuse, type ReusablePrompt } from "#client/reuse-prompt.ts";
import { CONTENT_TYPES, LANGUAGES, languageTag, textDirection } from "#shared/generation.ts";
import type { HistoryItem } from "#shared/schemas/generation.ts";
import {
  $history,
  $historyFilters,
  NO_FILTERS,
  filtersFrom,
  historySearch,
  type HistoryFilters,
} from "#stores/history.ts";
import { invalidateHistory } from "#stores/history-cache.ts";
import { $language } from "#stores/preferences.ts";
import { showToast } from "#stores/toasts.ts";
import { ModalDialog } from "#components/ui/ModalDialog.tsx";
import { RenderedText } from "#components/ui/RenderedText.tsx";
import { TextActions } from "#components/ui/TextActions.tsx";
import { fillNodes } from "#components/ui/message-nodes.tsx";
import { useMessages } from "#components/ui/use-messages.ts";

const action =
  "inline-flex min-h-9 items-center rounded-md px-2 py-1 text-sm font-medium text-brand-700 hover:bg-brand-50 dark:text-brand-100 dark:hover:bg-slate-800";
const dangerAction =
  "inline-flex min-h-9 items-center rounded-md px-2 py-1 text-sm font-medium text-red-700 hover:bg-red-50 dark:text-red-400 dark:hover:bg-slate-800";
const control =
  "rounded-md border border-slate-300 bg-white px-3 py-2 text-sm text-slate-900 dark:border-slate-600 dark:bg-slate-900 dark:text-white";
const button =
  "rounded-md border border-slate-300 px-4 py-2 text-sm font-semibold text-slate-900 hover:bg-slate-50 disabled:opacity-50 dark:border-slate-600 dark:text-white dark:hover:bg-slate-800";

/** A text and its refinements, in the order the list shows them. */
function withRefinements(items: HistoryItem[]): { item: HistoryItem; parent?: HistoryItem }[] {
  return items.flatMap((item) => [
    { item },
    ...item.refinements.map((refinement) => ({ item: refinement, parent: item })),
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

const dateOf = (item: HistoryItem) => formatDay(item.createdAt, languageTag($language.get()));

/**
 * Spec §2 Profile, as a library: search over subject and text, filters by type and
 * language, pages of 20; a table on wide screens and cards on phones; a viewer with the
 * rendered text, its exports and "Use this prompt again". Refinements sit under the text
 * they were made from.
 */
export default function HistoryTable() {
  const { language: uiLanguage, t } = useMessages();
  const filters = useStore($historyFilters);
  const { data, loading, error } = useStore($history);
  const [query, setQuery] = useState(filters.q);
  const [viewing, setViewing] = useState<HistoryItem | null>(null);
  const [pendingDelete, setPendingDelete] = useState<HistoryItem | null>(null);
  const [deleting, setDeleting] = useState(false);
  const shown = useRef(data);
  if (data) shown.current = data;
  const page = shown.current;

  // The filters live in the address, so that a reload or a shared link keeps them.
  useEffect(() => {
    const initial = filtersFrom(location.search);
    $historyFilters.set(initial);
    setQuery(initial.q);
    return () => $historyFilters.set(NO_FILTERS);
  }, []);
  useEffect(() => {
    const url = `${location.pathname}${historySearch(filters)}${location.hash}`;
    if (url !== `${location.pathname}${location.search}${location.hash}`)
      history.replaceState(history.state, "", url);
  }, [filters]);

  // Searching waits for a pause in typing.
  useEffect(() => {
    if (query.trim() === $historyFilters.get().q) return;
    const timer = setTimeout(() => update({ q: query.trim() }), 300);
    return () => clearTimeout(timer);
  }, [query]);

  // A deletion that empties the last page shows the page before it.
  useEffect(() => {
    if (data && data.generations.length === 0 && filters.page > 1)
      update({ page: Math.max(1, Math.ceil(data.total / data.pageSize)) });
  }, [data, filters.page]);

  function update(change: Partial<HistoryFilters>) {
    $historyFilters.set({ ...$historyFilters.get(), page: 1, ...change });
  }

  async function copy(item: HistoryItem) {
    const ok = await copyRichText(item.generatedContent, item.language);
    showToast(
      ok
        ? { title: t("toast.copiedTitle"), description: t("toast.copied"), variant: "success" }
        : { title: t("toast.copyFailed"), variant: "error" },
    );
  }

  function reuse(item: HistoryItem) {
    // The generator checks each value before it uses it (takePromptForReuse).
    savePromptForReuse({
      content: item.content,
      contentType: item.contentType as ReusablePrompt["contentType"],
      language: item.language as ReusablePrompt["language"],
      tone: item.tone as ReusablePrompt["tone"],
      length: (item.length ?? undefined) as ReusablePrompt["length"],
    });
    location.assign("/");
  }

  async function confirmDelete() {
    if (!pendingDelete) return;
    setDeleting(true);
    try {
      const { ok, body } = await apiFetch(`/api/email/delete/${pendingDelete.id}`, {
        method: "DELETE",
      });
      if (ok && body.success) showToast({ title: t("history.deleted"), variant: "success" });
      else
        showToast({
          title: t("common.error"),
          description: describeFailure(uiLanguage, body, "history.deleteFailed"),
          variant: "error",
        });
    } catch {
      showToast({
        title: t("common.error"),
        description: t("history.deleteFailed"),
        variant: "error",
      });
    } finally {
      setDeleting(false);
      setPendingDelete(null);
      invalidateHistory();
    }
  }

  const filtered = filters.q !== "" || filters.contentType !== "" || filters.language !== "";
  const pages = page ? Math.max(1, Math.ceil(page.total / page.pageSize)) : 1;
  const entries = page ? withRefinements(page.generations) : [];

  const actions = (item: HistoryItem) => (
    <>
      <button
        type="button"
        className={action}
        onClick={() => setViewing(item)}
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
        onClick={() => setPendingDelete(item)}
        aria-label={t("history.deleteNamed", { subject: item.subject })}
      >
        {t("history.delete")}
      </button>
    </>
  );

  const subject = (item: HistoryItem, parent?: HistoryItem) => (
    <>
      {/* A text with refinements under it is marked "Original", as the result panel marks it. */}
      {(parent || item.variant > 1 || item.refinements.length > 0) && (
        <span className="me-2 inline-block rounded bg-slate-100 px-1.5 text-xs font-medium text-slate-700 dark:bg-slate-800 dark:text-slate-300">
          {parent && <span aria-hidden="true">↳ </span>}
          {versionLabel(uiLanguage, item)}
        </span>
      )}
      <span dir={textDirection(item.language) === "rtl" ? "rtl" : "auto"}>{item.subject}</span>
    </>
  );

  return (
    <>
      <form role="search" className="flex flex-wrap gap-2" onSubmit={(e) => e.preventDefault()}>
        <input
          type="search"
          value={query}
          onChange={(event) => setQuery(event.target.value)}
          aria-label={t("history.search")}
          placeholder={t("history.searchPlaceholder")}
          maxLength={200}
          dir="auto"
          className={`${control} min-w-0 flex-1 basis-full sm:basis-60`}
        />
        <select
          aria-label={t("history.type")}
          value={filters.contentType}
          onChange={(event) => update({ contentType: event.target.value })}
          className={`${control} min-w-0 flex-1 sm:flex-none`}
        >
          <option value="">{t("history.allTypes")}</option>
          {CONTENT_TYPES.map((type) => (
            <option key={type.id} value={type.id}>
              {contentTypeName(uiLanguage, type.id)}
            </option>
          ))}
        </select>
        <select
          aria-label={t("generator.language")}
          value={filters.language}
          onChange={(event) => update({ language: event.target.value })}
          className={`${control} min-w-0 flex-1 sm:flex-none`}
        >
          <option value="">{t("history.allLanguages")}</option>
          {LANGUAGES.map((language) => (
            <option key={language.id} value={language.id}>
              {languageOption(uiLanguage, language.id)}
            </option>
          ))}
        </select>
      </form>

      <div className="mt-4" aria-busy={loading}>
        {!page ? (
          <p className="text-slate-600 dark:text-slate-400">
            {error && !loading ? t("history.loadFailed") : t("history.loading")}
          </p>
        ) : page.generations.length === 0 ? (
          <p className="text-slate-600 dark:text-slate-400" role="status">
            {filtered ? t("history.noMatch") : t("history.empty")}
          </p>
        ) : (
          <>
            <p className="sr-only" role="status">
              {translateCount(uiLanguage, "history.count", page.total)}
            </p>
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
                      {subject(item, parent)}
                    </td>
                    <td className="py-2 pr-4">{contentTypeName(uiLanguage, item.contentType)}</td>
                    <td className="py-2 pr-4">{languageOption(uiLanguage, item.language)}</td>
                    <td className="py-2 pr-4 whitespace-nowrap">
                      <time dateTime={item.createdAt}>{dateOf(item)}</time>
                    </td>
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
                    {subject(item, parent)}
                  </p>
                  <p className="mt-1 text-xs text-slate-600 dark:text-slate-400">
                    {contentTypeName(uiLanguage, item.contentType)} ·{" "}
                    {languageOption(uiLanguage, item.language)} ·{" "}
                    <time dateTime={item.createdAt}>{dateOf(item)}</time>
                  </p>
                  <p
                    dir={textDirection(item.language) === "rtl" ? "rtl" : "auto"}
                    className="mt-2 line-clamp-2 text-sm break-words text-slate-700 dark:text-slate-300"
                  >
                    {preview(item.generatedContent)}
                  </p>
                  <div className="mt-2 -ms-2 flex flex-wrap gap-1">{actions(item)}</div>
                </li>
              ))}
            </ul>

            {pages > 1 && (
              <nav
                aria-label={t("history.pages")}
                className="mt-4 flex items-center justify-between gap-2"
              >
                <button
                  type="button"
                  className={button}
                  disabled={filters.page <= 1}
                  onClick={() => update({ page: filters.page - 1 })}
                >
                  {t("history.previous")}
                </button>
                <span className="text-sm text-slate-600 dark:text-slate-400">
                  {t("history.page", { page: filters.page, pages })}
                </span>
                <button
                  type="button"
                  className={button}
                  disabled={filters.page >= pages}
                  onClick={() => update({ page: filters.page + 1 })}
                >
                  {t("history.next")}
                </button>
              </nav>
            )}
          </>
        )}
      </div>

      <ModalDialog
        wide
        open={viewing !== null}
        onClose={() => setViewing(null)}
        title={<span dir="auto">{viewing?.subject}</span>}
        description={
          viewing && (
            <p>
              {contentTypeName(uiLanguage, viewing.contentType)} ·{" "}
              {languageOption(uiLanguage, viewing.language)} ·{" "}
              <time dateTime={viewing.createdAt}>{dateOf(viewing)}</time>
            </p>
          )
        }
      >
        {viewing && (
          <>
            <RenderedText
              id="history-viewer-text"
              data-testid="viewer-text"
              text={viewing.generatedContent}
              language={viewing.language}
              className="mt-4 max-h-[55vh] overflow-y-auto rounded-md border border-slate-200 p-4 text-[0.95rem] leading-7 dark:border-slate-700"
            />
            <div className="mt-4 flex flex-wrap items-center gap-2">
              <TextActions
                text={viewing.generatedContent}
                subject={viewing.subject}
                language={viewing.language}
                printTargetId="history-viewer-text"
              />
            </div>
            <div className="mt-4 flex flex-wrap justify-end gap-2 border-t border-slate-200 pt-4 dark:border-slate-700">
              <button
                type="button"
                className={`${button} text-red-700 dark:text-red-400`}
                onClick={() => {
                  setPendingDelete(viewing);
                  setViewing(null);
                }}
              >
                {t("history.delete")}
              </button>
              <button type="button" className={button} onClick={() => reuse(viewing)}>
                {t("history.reuse")}
              </button>
              <button
                type="button"
                className="rounded-md bg-brand-600 px-4 py-2 text-sm font-semibold text-white hover:bg-brand-700"
                onClick={() => setViewing(null)}
              >
                {t("common.close")}
              </button>
            </div>
          </>
        )}
      </ModalDialog>

      <ModalDialog
        open={pendingDelete !== null}
        onClose={() => setPendingDelete(null)}
        title={t("history.deleteTitle")}
        description={
          <p>
            {fillNodes(t("history.deleteBody"), {
              subject: <bdi>{pendingDelete?.subject}</bdi>,
            })}
          </p>
        }
      >
        <div className="mt-6 flex justify-end gap-3">
          <button type="button" onClick={() => setPendingDelete(null)} className={button}>
            {t("common.cancel")}
          </button>
          <button
            type="button"
            disabled={deleting}
            onClick={() => void confirmDelete()}
            className="rounded-md bg-red-700 px-4 py-2 text-sm font-semibold text-white hover:bg-red-800 disabled:opacity-60"
          >
            {deleting ? t("history.deleting") : t("history.delete")}
          </button>
        </div>
      </ModalDialog>
    </>
  );
}

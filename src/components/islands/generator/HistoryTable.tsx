import { useStore } from "@nanostores/react";
import { useState } from "react";
import type { HistoryItem } from "#shared/schemas/generation.ts";
import { $history } from "#generator/state/history.ts";
import { useMessages } from "#components/ui/use-messages.ts";
import { DeleteDialog } from "./history/DeleteDialog.tsx";
import { FolderFilter } from "./history/FolderFilter.tsx";
import { HistoryEntries } from "./history/HistoryEntries.tsx";
import { HistoryPager } from "./history/HistoryPager.tsx";
import { HistorySearch } from "./history/HistorySearch.tsx";
import { HistoryViewer } from "./history/HistoryViewer.tsx";
import { LibraryDownload } from "./history/LibraryDownload.tsx";
import { useHistoryFilters } from "./history/use-history-filters.ts";

/**
 * Spec §2 Profile, as a library: search over subject and text, filters by type and
 * language and by folder, pages of 20; a table on wide screens and cards on phones; a viewer with the
 * rendered text, its exports and "Use this prompt again". Refinements sit under the text
 * they were made from.
 */
export default function HistoryTable() {
  const { t, plural } = useMessages();
  const { data, loading, error } = useStore($history);
  const { filters, query, setQuery } = useHistoryFilters(data);
  const [viewing, setViewing] = useState<HistoryItem | null>(null);
  const [pendingDelete, setPendingDelete] = useState<HistoryItem | null>(null);
  // While the next page loads, the one before stays.
  const [page, setPage] = useState(data);
  if (data && data !== page) setPage(data);

  const filtered =
    filters.q !== "" ||
    filters.contentType !== "" ||
    filters.language !== "" ||
    filters.folder !== "";
  const pages = page ? Math.max(1, Math.ceil(page.total / page.pageSize)) : 1;

  return (
    <>
      <HistorySearch filters={filters} query={query} onQueryChange={setQuery} />
      <FolderFilter folder={filters.folder} />

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
              {plural("history.count", page.total)}
            </p>
            <HistoryEntries
              items={page.generations}
              onOpen={setViewing}
              onDelete={setPendingDelete}
            />
            {pages > 1 && <HistoryPager page={filters.page} pages={pages} />}
          </>
        )}
        {page && (filtered || page.total > 0) && <LibraryDownload />}
      </div>

      <HistoryViewer
        item={viewing}
        onClose={() => setViewing(null)}
        onDelete={(item) => {
          setPendingDelete(item);
          setViewing(null);
        }}
      />
      <DeleteDialog item={pendingDelete} onClose={() => setPendingDelete(null)} />
    </>
  );
}

import { atom, computed } from "nanostores";
import type { HistoryPage } from "#shared/schemas/generation.ts";
import { HISTORY_KEY } from "./history-cache.ts";
import { createFetcherStore } from "#stores/query.ts";

/** What the history on /profile shows: a search, three filters and a page. */
export interface HistoryFilters {
  q: string;
  contentType: string;
  language: string;
  /** A folder's id, "none" for texts in no folder, "" for all (issue 28). */
  folder: string;
  page: number;
}

export const NO_FILTERS: HistoryFilters = {
  q: "",
  contentType: "",
  language: "",
  folder: "",
  page: 1,
};

export const $historyFilters = atom<HistoryFilters>(NO_FILTERS);

/** A change of search, type, language, folder or page; any change but the page's starts at page 1. */
export function changeHistoryFilters(change: Partial<HistoryFilters>): void {
  $historyFilters.set({ ...$historyFilters.get(), page: 1, ...change });
}

/** The filters as a query string ("" when none), which is also the cache key. */
export function historySearch(filters: HistoryFilters): string {
  const params = new URLSearchParams();
  if (filters.q) params.set("q", filters.q);
  if (filters.contentType) params.set("contentType", filters.contentType);
  if (filters.language) params.set("language", filters.language);
  if (filters.folder) params.set("folder", filters.folder);
  if (filters.page > 1) params.set("page", String(filters.page));
  const search = params.toString();
  return search ? `?${search}` : "";
}

/** The filters a query string asks for; unknown values are the server's to refuse. */
export function filtersFrom(search: string): HistoryFilters {
  const params = new URLSearchParams(search);
  const page = Number(params.get("page"));
  return {
    q: params.get("q") ?? "",
    contentType: params.get("contentType") ?? "",
    language: params.get("language") ?? "",
    folder: params.get("folder") ?? "",
    page: Number.isInteger(page) && page > 1 ? page : 1,
  };
}

const $historySearch = computed($historyFilters, historySearch);

/** One page of the signed-in user's texts; fresh for 1 second (spec §7). */
export const $history = createFetcherStore<{ success: boolean } & HistoryPage>(
  [HISTORY_KEY, $historySearch],
  { dedupeTime: 1_000 },
);

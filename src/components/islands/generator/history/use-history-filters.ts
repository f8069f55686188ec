import { useStore } from "@nanostores/react";
import { useEffect, useState } from "react";
import type { HistoryPage } from "#shared/schemas/generation.ts";
import {
  $historyFilters,
  NO_FILTERS,
  changeHistoryFilters,
  filtersFrom,
  historySearch,
  type HistoryFilters,
} from "#generator/state/history.ts";

/**
 * The history's filters, kept in the address so that a reload or a shared link keeps them,
 * and the search box's text, searched for once typing pauses.
 */
export function useHistoryFilters(data: HistoryPage | undefined): {
  filters: HistoryFilters;
  query: string;
  setQuery(query: string): void;
} {
  const filters = useStore($historyFilters);
  const [query, setQuery] = useState(filters.q);

  useEffect(() => {
    const initial = filtersFrom(location.search);
    $historyFilters.set(initial);
    // eslint-disable-next-line react-hooks/set-state-in-effect -- the address is read once hydrated: the server-rendered HTML has none
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
    const timer = setTimeout(() => changeHistoryFilters({ q: query.trim() }), 300);
    return () => clearTimeout(timer);
  }, [query]);

  // A deletion that empties the last page shows the page before it.
  useEffect(() => {
    if (data && data.generations.length === 0 && filters.page > 1)
      changeHistoryFilters({ page: Math.max(1, Math.ceil(data.total / data.pageSize)) });
  }, [data, filters.page]);

  return { filters, query, setQuery };
}

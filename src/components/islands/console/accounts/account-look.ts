import { consoleLocale } from "#i18n/console.ts";
import { formatDateTime } from "#shared/format.ts";

/** How the account's parts look: its buttons and its tables' cells. */
export const secondaryButton =
  "inline-flex items-center justify-center rounded-md border border-slate-300 bg-white px-3 py-2 text-sm font-semibold text-slate-900 hover:bg-slate-50 disabled:cursor-not-allowed disabled:opacity-60 dark:border-slate-600 dark:bg-slate-900 dark:text-white dark:hover:bg-slate-800";
export const dangerButton =
  "inline-flex items-center justify-center rounded-md bg-red-700 px-3 py-2 text-sm font-semibold text-white hover:bg-red-800 disabled:cursor-not-allowed disabled:opacity-60";
export const cell = "py-1.5 pr-3";

/** A moment in the operator's console, written as the chosen language writes it. */
export const when = (iso: string) => formatDateTime(iso, consoleLocale());

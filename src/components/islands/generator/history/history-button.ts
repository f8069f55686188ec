/** The look of the history's plain buttons: the pages, the viewer's, Cancel. */
export const historyButton =
  "rounded-md border border-slate-300 px-4 py-2 text-sm font-semibold text-slate-900 hover:bg-slate-50 disabled:opacity-50 dark:border-slate-600 dark:text-white dark:hover:bg-slate-800";

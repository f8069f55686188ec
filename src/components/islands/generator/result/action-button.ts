/** The look of the result panel's buttons: Retry, Regenerate, Edit, the refinements. */
export const actionButton =
  "inline-flex items-center justify-center rounded-md border border-slate-300 px-3 py-1.5 text-sm font-medium text-slate-800 hover:bg-slate-50 disabled:opacity-50 aria-disabled:opacity-50 dark:border-slate-600 dark:text-slate-100 dark:hover:bg-slate-800";

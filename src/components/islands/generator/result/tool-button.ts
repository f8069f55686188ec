/** The look of the passage toolbar's buttons. */
export const toolButton =
  "rounded-md px-2 py-1 text-xs font-medium text-slate-800 hover:bg-slate-100 focus-visible:outline-2 focus-visible:outline-brand-600 disabled:opacity-50 aria-disabled:opacity-50 dark:text-slate-100 dark:hover:bg-slate-800";

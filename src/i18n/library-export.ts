import { catalog } from "./catalog.ts";

/**
 * The history's "take everything" link (issue 28, item 4). A namespace of its own: only the
 * profile's history shows it, and the main catalog is in every page's JavaScript.
 */
export const libraryExportWords = catalog(
  {
    "libraryExport.download": "Download all texts (.zip)",
    "libraryExport.hint": "Every text as a Markdown file, its newest version",
  },
  {
    "libraryExport.download": "Tüm metinleri indir (.zip)",
    "libraryExport.hint": "Her metin en yeni sürümüyle, bir Markdown dosyası olarak",
  },
);

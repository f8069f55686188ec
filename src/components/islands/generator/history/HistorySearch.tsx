import { contentTypeName, languageOption } from "#i18n/wording.ts";
import { CONTENT_TYPES, LANGUAGES } from "#shared/generation.ts";
import { changeHistoryFilters, type HistoryFilters } from "#generator/state/history.ts";
import { useMessages } from "#components/ui/use-messages.ts";

const control =
  "rounded-md border border-slate-300 bg-white px-3 py-2 text-sm text-slate-900 dark:border-slate-600 dark:bg-slate-900 dark:text-white";

/** Search over subject and text, and filters by type and language. */
export function HistorySearch({
  filters,
  query,
  onQueryChange,
}: {
  filters: HistoryFilters;
  /** The search box's text, searched for once typing pauses. */
  query: string;
  onQueryChange(query: string): void;
}) {
  const { language: uiLanguage, t } = useMessages();
  return (
    <form role="search" className="flex flex-wrap gap-2" onSubmit={(e) => e.preventDefault()}>
      <input
        type="search"
        value={query}
        onChange={(event) => onQueryChange(event.target.value)}
        aria-label={t("history.search")}
        placeholder={t("history.searchPlaceholder")}
        maxLength={200}
        dir="auto"
        className={`${control} min-w-0 flex-1 basis-full sm:basis-60`}
      />
      <select
        aria-label={t("history.type")}
        value={filters.contentType}
        onChange={(event) => changeHistoryFilters({ contentType: event.target.value })}
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
        onChange={(event) => changeHistoryFilters({ language: event.target.value })}
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
  );
}

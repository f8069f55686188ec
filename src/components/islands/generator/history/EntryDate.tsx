import { formatDay } from "#shared/format.ts";
import { languageTag } from "#shared/generation.ts";
import type { HistoryItem } from "#shared/schemas/generation.ts";
import { $language } from "#stores/preferences.ts";

/** The day a text was written, in the chosen language's format. */
export function EntryDate({ item }: { item: HistoryItem }) {
  return (
    <time dateTime={item.createdAt}>{formatDay(item.createdAt, languageTag($language.get()))}</time>
  );
}

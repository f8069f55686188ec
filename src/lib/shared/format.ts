/**
 * "May 16, 2025" ("16 Mayıs 2025" in Turkish): how dates are written in the site's copy, in
 * UTC so build and browser agree.
 */
export function formatLongDate(date: Date | string, languageTag = "en-US"): string {
  return new Date(date).toLocaleDateString(languageTag, {
    year: "numeric",
    month: "long",
    day: "numeric",
    timeZone: "UTC",
  });
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Whether an id from an address is a UUID, before it goes near a query. */
export function isUuid(value: string): boolean {
  return UUID.test(value);
}

/** A moment in the chosen language's own way of writing dates ("25.11.2026 15:41" in Turkish). */
export function formatDateTime(date: Date | string, languageTag: string): string {
  return new Date(date).toLocaleString(languageTag, { dateStyle: "medium", timeStyle: "short" });
}

/** A day in the chosen language's own way of writing dates. */
export function formatDay(date: Date | string, languageTag: string): string {
  return new Date(date).toLocaleDateString(languageTag, { dateStyle: "medium" });
}

/** A number in the chosen language's own way ("1,000" in English, "1.000" in Turkish). */
export function formatNumber(value: number, languageTag: string): string {
  return new Intl.NumberFormat(languageTag).format(value);
}

import { CONTENT_TYPE_IDS, type ContentType } from "#shared/generation.ts";

/** The generator's content type is kept under `selectedContentType`. */
const CONTENT_TYPE_KEY = "selectedContentType";

/** The content type chosen last on this browser, or "email". */
export function storedContentType(): ContentType {
  try {
    const value = localStorage.getItem(CONTENT_TYPE_KEY);
    return (CONTENT_TYPE_IDS as string[]).includes(value ?? "") ? (value as ContentType) : "email";
  } catch {
    return "email";
  }
}

export function storeContentType(contentType: ContentType): void {
  try {
    localStorage.setItem(CONTENT_TYPE_KEY, contentType);
  } catch {
    // The choice still applies to this page.
  }
}

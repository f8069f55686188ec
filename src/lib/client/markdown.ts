import { micromark } from "micromark";
import { gfm, gfmHtml } from "micromark-extension-gfm";

/**
 * A written text as HTML: CommonMark plus GitHub's tables, strikethrough and task lists.
 * Raw HTML in the text is shown as text and links keep only safe protocols (micromark's
 * defaults), so a model or a user cannot put markup or script on our page.
 */
export function renderMarkdown(text: string): string {
  return micromark(text, { extensions: [gfm()], htmlExtensions: [gfmHtml()] });
}

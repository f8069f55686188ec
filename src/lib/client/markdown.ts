import { micromark } from "micromark";
import { gfm, gfmHtml } from "micromark-extension-gfm";

/**
 * A written text as HTML: CommonMark plus GitHub's tables, strikethrough and task lists.
 * Raw HTML in the text is shown as text and links keep only safe protocols (micromark's
 * defaults), so a model or a user cannot put markup or script on our page.
 */
export function renderMarkdown(text: string): string {
  const html = micromark(text, { extensions: [gfm()], htmlExtensions: [gfmHtml()] });
  // Images become their alt text: a text never loads anything, not even from a paste of
  // its HTML into a mail program (which our CSP does not cover).
  return html.replace(/<img\b[^>]*?\balt="([^"]*)"[^>]*>/g, "$1").replace(/<img\b[^>]*>/g, "");
}

import MarkdownIt from "markdown-it";
import { isLinkableAddress } from "#shared/links.ts";

/**
 * CommonMark plus GitHub's tables, strikethrough and bare web addresses. Raw HTML is shown
 * as text (`html: false`); a single newline in a paragraph is a line break, as the writer
 * meant it (a letter's "Best regards,\nMaria\nHead of Operations" keeps its three lines).
 * markdown-it renders a 20 KB table or 3,000 list items in tens of milliseconds, where
 * micromark took most of a second: a streamed text re-renders as it arrives (decision 067).
 */
const markdown = new MarkdownIt({ html: false, linkify: true, breaks: true, xhtmlOut: true });
// Every link is made, and one rule (below) decides which stay links: the renderer's own
// check would leave a refused link's Markdown, "[words](javascript:…)", in the text.
markdown.validateLink = () => true;
// Bare "www." addresses become links, as on GitHub.
markdown.linkify.set({ fuzzyLink: true });

/**
 * A written text as HTML. Only absolute web and mail addresses become links (decision
 * 060), so a model or a user cannot put markup or script on our page, nor a link to a file
 * share in a Word document. The page, its print, the copy and the .docx all start here.
 */
export function renderMarkdown(text: string, { topHeading = 1 } = {}): string {
  const html = markdown.render(text).trimEnd();
  // Images become their alt text: a text never loads anything, not even from a paste of
  // its HTML into a mail program (which our CSP does not cover).
  const safe = html
    .replace(/<img\b[^>]*?\balt="([^"]*)"[^>]*>/g, "$1")
    .replace(/<img\b[^>]*>/g, "")
    // Every <a> here is the renderer's own (raw HTML is escaped) and links never nest.
    .replace(/<a href="([^"]*)"[^>]*>([\s\S]*?)<\/a>/g, (link, href: string, label: string) =>
      // A new tab: a guest who follows a link in a text must not lose the text.
      isLinkableAddress(decodeAttribute(href))
        ? link.replace("<a ", '<a target="_blank" rel="noopener noreferrer" ')
        : label,
    );
  if (topHeading === 1) return safe;
  // On a page the text sits under the page's own headings: its "# Title" must not be a
  // second <h1>, so every level moves down (to <h6> at most). Nor may it skip a level
  // ("#" then "###"): each heading is at most one below the last.
  let last = topHeading - 1;
  return safe.replace(/<(\/?)h([1-6])>/g, (_, close: string, level: string) => {
    if (close) return `</h${last}>`;
    last = Math.min(6, Number(level) + topHeading - 1, last + 1);
    return `<h${last}>`;
  });
}

/** The renderer escapes these four in an attribute. */
function decodeAttribute(value: string): string {
  return value
    .replace(/&quot;/g, '"')
    .replace(/&lt;/g, "<")
    .replace(/&gt;/g, ">")
    .replace(/&amp;/g, "&");
}

import MarkdownIt, { type Token } from "markdown-it";
import { isLinkableAddress } from "#shared/links.ts";

/**
 * CommonMark plus GitHub's tables, strikethrough and bare web addresses. Raw HTML is shown
 * as text (`html: false`); a single newline in a paragraph is a line break, as the writer
 * meant it (a letter's "Best regards,\nMaria\nHead of Operations" keeps its three lines).
 * markdown-it renders a long table or list many times faster than micromark did, and a
 * streamed text re-renders as it arrives (decision 067).
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
export function renderMarkdown(
  text: string,
  { topHeading = 1, chunkLongLists = false } = {},
): string {
  const env = {};
  const tokens = markdown.parse(text, env);
  const html = markdown.renderer
    .render(chunkLongLists ? inChunks(tokens) : tokens, markdown.options, env)
    .trimEnd();
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

/** markdown-it hands its Token class to parser states only. */
const { Token: NewToken } = new markdown.core.State("", markdown, {});

/** List items a chunk of a long list holds on screen. */
const ITEMS_PER_CHUNK = 100;

/**
 * A long top-level list as consecutive lists of 100 items, each in a
 * `<div class="rendered-chunk">` that the browser neither styles nor lays out while it is
 * out of sight: thousands of items in one list blocked the page with one long task of
 * layout and style. For
 * the screen (RenderedText) and its print, which copies the screen's element and shows the
 * chunks as one list; the clipboard and documents get one list.
 */
function inChunks(tokens: Token[]): Token[] {
  const out: Token[] = [];
  const html = (content: string) => {
    const block = new NewToken("html_block", "", 0);
    block.content = content;
    return block;
  };
  for (let i = 0; i < tokens.length; i++) {
    const open = tokens[i]!;
    const ordered = open.type === "ordered_list_open";
    if (open.level !== 0 || !(ordered || open.type === "bullet_list_open")) {
      out.push(open);
      continue;
    }
    const closeType = ordered ? "ordered_list_close" : "bullet_list_close";
    let end = i + 1;
    let items = 0;
    while (end < tokens.length && !(tokens[end]!.type === closeType && tokens[end]!.level === 0)) {
      if (tokens[end]!.type === "list_item_open" && tokens[end]!.level === 1) items++;
      end++;
    }
    if (items <= ITEMS_PER_CHUNK) {
      out.push(open);
      continue;
    }
    const first = Number(open.attrGet("start") ?? 1);
    out.push(html('<div class="rendered-chunks"><div class="rendered-chunk">\n'), open);
    let seen = 0;
    for (let j = i + 1; j < end; j++) {
      const token = tokens[j]!;
      if (token.type === "list_item_open" && token.level === 1) {
        if (seen > 0 && seen % ITEMS_PER_CHUNK === 0) {
          const reopen = new NewToken(open.type, open.tag, open.nesting);
          reopen.markup = open.markup;
          reopen.block = true;
          if (ordered) reopen.attrSet("start", String(first + seen));
          out.push(tokens[end]!, html('</div><div class="rendered-chunk">\n'), reopen);
        }
        seen++;
      }
      out.push(token);
    }
    out.push(tokens[end]!, html("</div></div>\n"));
    i = end;
  }
  return out;
}

import { mergeAttributes, type AnyExtension, type JSONContent } from "@tiptap/core";
import { Table, TableCell, TableHeader, TableKit } from "@tiptap/extension-table";
import HardBreak from "@tiptap/extension-hard-break";
import Heading from "@tiptap/extension-heading";
import Link from "@tiptap/extension-link";
import { MarkdownManager } from "@tiptap/markdown";
import StarterKit from "@tiptap/starter-kit";
import { Marked } from "marked";

/**
 * The rich editor's document and the Markdown a text is kept in (issue 20, decision 090).
 * TipTap's Markdown manager parses and writes it; what it does not do as our renderer
 * (markdown.ts) does is set right here: a single newline is a line break, raw HTML is
 * text, a bare web address stays bare, and `&`, `<`, `>` are written as they are.
 */

/**
 * TipTap's schema for a text: what Markdown can say (no underline), headings drawn from
 * <h3> on as the shown text's (their level in the Markdown is unchanged), links that a
 * click does not follow while editing.
 */
export function editorExtensions(): AnyExtension[] {
  return [
    StarterKit.configure({
      heading: false,
      hardBreak: false,
      link: false,
      underline: false,
      // An empty paragraph after a closing list or table would count as a change.
      trailingNode: false,
    }),
    Heading.extend({
      renderHTML({ node, HTMLAttributes }) {
        const level = Math.min(6, Number(node.attrs.level) + 2);
        return [`h${level}`, mergeAttributes(this.options.HTMLAttributes, HTMLAttributes), 0];
      },
    }),
    // A line break is a newline: the texts' Markdown reads one as a break (`breaks`).
    HardBreak.extend({ renderMarkdown: () => "\n" }),
    Link.configure({
      openOnClick: false,
      HTMLAttributes: { target: "_blank", rel: "noopener noreferrer" },
    }),
    TableKit.configure({ table: false, tableCell: false, tableHeader: false }),
    Table.extend({
      // The table writes a blank line of its own on each side; the blocks' join adds one.
      renderMarkdown(node, helpers, context) {
        return (this.parent?.(node, helpers, context) ?? "").trim();
      },
      // No inline styles (column widths): the page's CSP refuses them.
      renderHTML({ HTMLAttributes }) {
        return [
          "table",
          mergeAttributes(this.options.HTMLAttributes, HTMLAttributes),
          ["tbody", 0],
        ];
      },
    }).configure({ View: null }),
    TableCell.extend({ addAttributes: alignedByAttribute }),
    TableHeader.extend({ addAttributes: alignedByAttribute }),
  ];
}

/** A column's alignment as the `align` attribute, not a style the page's CSP refuses. */
function alignedByAttribute(this: { parent?: () => Record<string, object> }) {
  const attributes = this.parent?.() ?? {};
  return {
    ...attributes,
    align: {
      ...attributes.align,
      renderHTML: ({ align }: { align?: string | null }) => (align ? { align } : {}),
    },
  };
}

let manager: MarkdownManager | null = null;

function markdownManager(): MarkdownManager {
  if (manager) return manager;
  const marked = new Marked();
  // Raw HTML is shown as text, as on the page (markdown.ts, `html: false`).
  marked.use({ tokenizer: { html: () => undefined, tag: () => undefined } });
  manager = new MarkdownManager({
    marked: marked as unknown as NonNullable<
      ConstructorParameters<typeof MarkdownManager>[0]
    >["marked"],
    markedOptions: { gfm: true, breaks: true },
    extensions: editorExtensions(),
  });
  return manager;
}

/** A text's Markdown as the editor's document. */
export function markdownToDoc(markdown: string): JSONContent {
  return withoutEmptyParagraphs(markdownManager().parse(markdown));
}

/** The editor's document as Markdown, in the texts' dialect. */
export function docToMarkdown(doc: JSONContent): string {
  const written = markdownManager().serialize(prepare(withoutEmptyParagraphs(doc)));
  return written
    .replace(/[\uE000-\uE009]/g, (c) => KEPT[c.charCodeAt(0) - 0xe000]!)
    .replace(/^\n+/, "")
    .trimEnd();
}

/**
 * Characters that the serializer would escape (`\*`) or encode (`&amp;`), carried through
 * it as private-use characters where they must stay as written: `&`, `<` and `>` always
 * (raw HTML is text to our renderer, and `&amp;` in a letter is not what its writer
 * wrote), everything in a bare web address (an escape would end the address), and the
 * backslash that keeps a line's first word from starting a block.
 */
const KEPT = ["&", "<", ">", "\\", "`", "*", "_", "[", "]", "~"] as const;
const keep = (c: string) => String.fromCharCode(0xe000 + KEPT.indexOf(c as (typeof KEPT)[number]));
const BACKSLASH = keep("\\");

/** Extra blank lines are no paragraphs to our renderer: the editor shows none either. */
function withoutEmptyParagraphs(doc: JSONContent): JSONContent {
  const content = (doc.content ?? []).filter(
    (node) => node.type !== "paragraph" || (node.content?.length ?? 0) > 0,
  );
  return { ...doc, content: content.length ? content : (doc.content ?? []).slice(0, 1) };
}

function isCode(node: JSONContent, parent: JSONContent): boolean {
  return parent.type === "codeBlock" || (node.marks ?? []).some((mark) => mark.type === "code");
}

/** A link written as a bare address ("www.example.com", "me@example.com") is kept bare. */
function isBareLink(text: string, href: unknown): boolean {
  return href === text || href === `http://${text}` || href === `mailto:${text}`;
}

/**
 * A line's first words that would start a block ("# ", "- ", "2024. ", "> ", "---") are
 * escaped, so that a sentence typed at a line's start stays a sentence.
 */
function escapeLineStart(text: string): string {
  return text.replace(
    /^( {0,3})(?:(\d{1,9})([.)])(?=[ \t]|$)|(#{1,6}(?=[ \t]|$)|[-+](?=[ \t]|$)|>|[-=]+[ \t]*$))/,
    (_, spaces: string, digits?: string, delimiter?: string, marker?: string) =>
      digits ? `${spaces}${digits}${BACKSLASH}${delimiter}` : `${spaces}${BACKSLASH}${marker}`,
  );
}

/** The document as the serializer should see it (see KEPT). */
function prepare(node: JSONContent, parent?: JSONContent): JSONContent {
  const cell = node.type === "tableCell" || node.type === "tableHeader";
  let content = node.content;
  if (cell && content && content.length > 1) {
    // A cell is one line in Markdown: its paragraphs are joined by a space.
    content = [
      {
        type: "paragraph",
        content: content.flatMap((block, i) => [
          ...(i > 0 ? [{ type: "text", text: " " }] : []),
          ...(block.content ?? []),
        ]),
      },
    ];
  }
  if (!content) return node;
  const textblock = node.type === "paragraph" || node.type === "heading";
  const inCell = parent?.type === "tableCell" || parent?.type === "tableHeader";
  return {
    ...node,
    content: content.map((child, i) => {
      // Nor does a cell hold a line break: our renderer shows no HTML (`<br>`).
      if (child.type === "hardBreak" && inCell) return { type: "text", text: " " };
      if (child.type !== "text") return prepare(child, node);
      if (isCode(child, node)) return child;
      let text = child.text ?? "";
      let marks = child.marks;
      const link = marks?.find((mark) => mark.type === "link");
      if (link && isBareLink(text, link.attrs?.href)) {
        marks = marks!.filter((mark) => mark !== link);
        text = text.replace(/[&<>\\`*_[\]~]/g, keep);
      } else {
        text = text.replace(/[&<>]/g, keep);
      }
      const lineStart = textblock && (i === 0 || content[i - 1]!.type === "hardBreak");
      if (lineStart) text = escapeLineStart(text);
      return { ...child, text, ...(marks ? { marks } : {}) };
    }),
  };
}

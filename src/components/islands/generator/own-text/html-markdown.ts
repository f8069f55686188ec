import { generateJSON } from "@tiptap/core";
import { docToMarkdown, editorExtensions } from "#generator/lib/editor-markdown.ts";

/**
 * HTML (a Word document as mammoth reads it) as the Markdown texts are kept in, through the
 * rich editor's own schema and writer: what the editor can show is what is kept (headings,
 * lists, bold, italics, links, tables), the rest becomes plain text.
 */
export function htmlToMarkdown(html: string): string {
  return docToMarkdown(generateJSON(html, editorExtensions()));
}

import type { OwnTextKey } from "#i18n/own-text.ts";

/**
 * A person's own text from a file (issue 26): `.txt` and `.md` as UTF-8 text, `.docx`
 * through mammoth, as Markdown (headings, lists and bold kept). Read in the browser, never
 * uploaded; a file that cannot be read says why, and changes nothing.
 */

/** The largest file read; a larger one is refused before a byte of it is read. */
export const MAX_OWN_TEXT_FILE_BYTES = 2 * 1024 * 1024;

/** What the file picker offers. */
export const OWN_TEXT_FILE_TYPES =
  ".txt,.md,.markdown,.docx,text/plain,text/markdown,application/vnd.openxmlformats-officedocument.wordprocessingml.document";

export type OwnTextFileResult =
  { text: string } | { failure: OwnTextKey; values: Record<string, string> };

type FileKind = "text" | "docx";

function kindOf(name: string): FileKind | null {
  const extension = name.toLowerCase().match(/\.([a-z]+)$/)?.[1];
  if (extension === "txt" || extension === "md" || extension === "markdown") return "text";
  if (extension === "docx") return "docx";
  return null;
}

/** The file's text, or why there is none; `formatSize` writes a size in megabytes. */
export async function readOwnTextFile(
  file: File,
  formatSize: (megabytes: number) => string,
): Promise<OwnTextFileResult> {
  const name = file.name;
  if (file.size > MAX_OWN_TEXT_FILE_BYTES) {
    return { failure: "file.tooBig", values: { name, size: formatSize(file.size / 2 ** 20) } };
  }
  const kind = kindOf(name);
  if (!kind) return { failure: "file.kind", values: { name } };
  let text: string | null;
  try {
    const bytes = new Uint8Array(await file.arrayBuffer());
    text = kind === "text" ? plainText(bytes) : await docxMarkdown(bytes);
  } catch {
    text = null;
  }
  if (text === null) {
    return { failure: kind === "text" ? "file.notText" : "file.docxUnreadable", values: { name } };
  }
  const normalized = text.replace(/\r\n?/g, "\n").trim();
  if (!normalized) return { failure: "file.empty", values: { name } };
  return { text: normalized };
}

/**
 * UTF-8 text, or null for a file that is not text: one with a NUL byte (no text file has
 * one; images and documents do) or with bytes that are not UTF-8.
 */
export function plainText(bytes: Uint8Array): string | null {
  if (bytes.includes(0)) return null;
  try {
    // A byte-order mark is dropped, as TextDecoder does by default.
    return new TextDecoder("utf-8", { fatal: true }).decode(bytes);
  } catch {
    return null;
  }
}

/** A Word document as Markdown; mammoth and the Markdown writer load on first use. */
async function docxMarkdown(bytes: Uint8Array): Promise<string> {
  const [{ default: mammoth }, { htmlToMarkdown }] = await Promise.all([
    import("mammoth/mammoth.browser.min.js"),
    import("./html-markdown.ts"),
  ]);
  const buffer = bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength);
  const { value: html } = await mammoth.convertToHtml({ arrayBuffer: buffer as ArrayBuffer });
  return htmlToMarkdown(html);
}

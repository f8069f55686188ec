import { downloadBlob, downloadText, fileNameFor } from "./download.ts";

export type ExportFormat = "txt" | "md" | "docx";

const loadMarkdown = () => import("./markdown.ts");

/** A rendered text as plain text: headings and paragraphs as lines, list items marked. */
export function plainTextOf(html: string): string {
  const body = new DOMParser().parseFromString(html, "text/html").body;
  const blocks: string[] = [];
  for (const element of Array.from(body.children)) {
    const tag = element.tagName.toLowerCase();
    if (tag === "ul" || tag === "ol") {
      const items = Array.from(element.children).filter((child) => child.tagName === "LI");
      blocks.push(
        items
          .map((item, index) => `${tag === "ol" ? `${index + 1}.` : "•"} ${squash(item)}`)
          .join("\n"),
      );
    } else if (tag === "table") {
      blocks.push(
        Array.from(element.querySelectorAll("tr"))
          .map((row) => Array.from(row.children, squash).join("\t"))
          .join("\n"),
      );
    } else if (tag === "pre") {
      blocks.push(element.textContent ?? "");
    } else if (tag !== "hr") {
      blocks.push(squash(element));
    }
  }
  return blocks.filter(Boolean).join("\n\n");
}

function squash(element: Element): string {
  return (element.textContent ?? "").replace(/\s*\n\s*/g, " ").trim();
}

/**
 * Copies a text as plain text (as written) and as HTML, so that it pastes with its
 * headings and lists into mail and word processors; plain text only where the browser
 * refuses rich copy.
 */
export async function copyRichText(text: string): Promise<boolean> {
  try {
    const { renderMarkdown } = await loadMarkdown();
    await navigator.clipboard.write([
      new ClipboardItem({
        "text/plain": new Blob([text], { type: "text/plain" }),
        "text/html": new Blob([renderMarkdown(text)], { type: "text/html" }),
      }),
    ]);
    return true;
  } catch {
    try {
      await navigator.clipboard.writeText(text);
      return true;
    } catch {
      return false;
    }
  }
}

/** Saves a text: .md as written, .txt without Markdown marks, .docx as a Word document. */
export async function downloadAs(
  text: string,
  subject: string,
  format: ExportFormat,
  language: string,
): Promise<void> {
  if (format === "md") return downloadText(text, subject, "md");
  const { renderMarkdown } = await loadMarkdown();
  const html = renderMarkdown(text);
  if (format === "txt") return downloadText(plainTextOf(html), subject, "txt");
  const { wordDocument } = await import("./word-document.ts");
  const blob = await wordDocument(html, { title: subject, language });
  downloadBlob(blob, fileNameFor(subject, "docx"));
}

/**
 * Prints one text alone: the page's print style sheet hides everything but the element
 * marked as the print target, at its full height.
 */
export function printElement(element: HTMLElement): void {
  const root = document.documentElement;
  for (const stale of document.querySelectorAll("[data-print-target]")) {
    stale.removeAttribute("data-print-target");
  }
  element.setAttribute("data-print-target", "");
  root.setAttribute("data-printing", "");
  const done = () => {
    element.removeAttribute("data-print-target");
    root.removeAttribute("data-printing");
  };
  window.addEventListener("afterprint", done, { once: true });
  window.print();
}

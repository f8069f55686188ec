import { languageTag, textDirection } from "#shared/generation.ts";
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

/** An element's words on one line, but for its line breaks (<br>), which stay. */
function squash(element: Element): string {
  const copy = element.cloneNode(true) as Element;
  // A private-use character stands for each break: it is not white space, so it survives.
  for (const br of Array.from(copy.querySelectorAll("br"))) br.replaceWith("\uE000");
  return (copy.textContent ?? "")
    .replace(/\s*\n\s*/g, " ")
    .split("\uE000")
    .map((line) => line.trim())
    .join("\n")
    .trim();
}

/**
 * Copies a text as plain text (no Markdown marks) and as HTML, so that it pastes with its
 * headings and lists into mail and word processors; as written where the browser refuses
 * rich copy. The clipboard item is made at once, inside the click, with the renderer's
 * output still to come, as Safari requires.
 */
export async function copyRichText(text: string, language = "english"): Promise<boolean> {
  try {
    const html = loadMarkdown().then(({ renderMarkdown }) => renderMarkdown(text));
    const direction = textDirection(language);
    await navigator.clipboard.write([
      new ClipboardItem({
        "text/plain": html.then(
          (rendered) => new Blob([plainTextOf(rendered)], { type: "text/plain" }),
        ),
        "text/html": html.then(
          (rendered) =>
            new Blob(
              [`<div dir="${direction}" lang="${languageTag(language)}">${rendered}</div>`],
              {
                type: "text/html",
              },
            ),
        ),
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
 * Prints one text alone: a copy of the element goes into a print-only container, and the
 * print style sheet shows nothing else, so the text prints at full length with no blank
 * pages where the rest of the page was.
 */
export function printElement(element: HTMLElement): void {
  document.getElementById("print-root")?.remove();
  const root = document.createElement("div");
  root.id = "print-root";
  const copy = element.cloneNode(true) as HTMLElement;
  copy.removeAttribute("id");
  copy.removeAttribute("data-testid");
  root.append(copy);
  document.body.append(root);
  document.documentElement.setAttribute("data-printing", "");
  const done = () => {
    root.remove();
    document.documentElement.removeAttribute("data-printing");
  };
  window.addEventListener("afterprint", done, { once: true });
  window.print();
}

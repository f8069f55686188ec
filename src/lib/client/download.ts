/** A file name from a subject: letters and digits of any script, dashes between words. */
export function fileNameFor(subject: string, extension: "txt" | "md"): string {
  const base =
    subject
      .normalize("NFKC")
      .replace(/[^\p{L}\p{N}]+/gu, "-")
      .replace(/^-+|-+$/g, "")
      .slice(0, 60) || "text";
  return `${base}.${extension}`;
}

/** Saves text as a file through a temporary object URL. */
export function downloadText(text: string, subject: string, extension: "txt" | "md"): void {
  const type = extension === "md" ? "text/markdown" : "text/plain";
  const url = URL.createObjectURL(new Blob([text], { type: `${type};charset=utf-8` }));
  const link = document.createElement("a");
  link.href = url;
  link.download = fileNameFor(subject, extension);
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1_000);
}

/** Copies text; false when the browser refuses. */
export async function copyText(text: string): Promise<boolean> {
  try {
    await navigator.clipboard.writeText(text);
    return true;
  } catch {
    return false;
  }
}

export type FileExtension = "txt" | "md" | "docx";

/** A file name from a subject: letters (with their marks) and digits of any script. */
export function fileNameFor(subject: string, extension: FileExtension): string {
  const base =
    subject
      .normalize("NFKC")
      .replace(/[^\p{L}\p{M}\p{N}]+/gu, "-")
      .replace(/^-+|-+$/g, "")
      .slice(0, 60) || "text";
  return `${base}.${extension}`;
}

/** Saves a file through a temporary object URL. */
export function downloadBlob(blob: Blob, fileName: string): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement("a");
  link.href = url;
  link.download = fileName;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1_000);
}

/** Saves text as a .txt or .md file. */
export function downloadText(text: string, subject: string, extension: "txt" | "md"): void {
  const type = extension === "md" ? "text/markdown" : "text/plain";
  downloadBlob(
    new Blob([text], { type: `${type};charset=utf-8` }),
    fileNameFor(subject, extension),
  );
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

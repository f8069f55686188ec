import type { LocalWriterStatus } from "#shared/console.ts";

/** "1.2 GB", "640 MB": a download's sizes, as a person reads them. */
export function byteSize(bytes: number): string {
  return bytes >= 1e9 ? `${(bytes / 1e9).toFixed(1)} GB` : `${Math.round(bytes / 1e6)} MB`;
}

/** "14:05" in the reader's own clock. */
export function clockTime(iso: string): string {
  return new Date(iso).toLocaleTimeString([], { hour: "2-digit", minute: "2-digit" });
}

/** Whole minutes (at least 1) until a download ends at its pace; null before it has one. */
export function minutesLeft(
  status: Extract<LocalWriterStatus, { state: "downloading" }>,
): number | null {
  const { receivedBytes, totalBytes, bytesPerSecond } = status;
  if (!totalBytes || !bytesPerSecond) return null;
  return Math.max(1, Math.ceil((totalBytes - receivedBytes) / bytesPerSecond / 60));
}

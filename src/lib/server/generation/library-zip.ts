import { crc32, deflateRawSync } from "node:zlib";
import { Zip, type ZipInputFile } from "fflate";
import type { Database } from "#server/db/index.ts";
import { getLogger } from "#server/logger.ts";
import { libraryFiles } from "./library-export.ts";

/**
 * Exports this process writes at once: each holds a page of texts and its compressed files,
 * so a handful bound the memory they take, whoever asks.
 */
export const EXPORTS_AT_ONCE = 4;

let exportsRunning = 0;

/** Counts one more export running, or null when EXPORTS_AT_ONCE are; call `onEnd` once done. */
export function startLibraryExport(): { onEnd(): void } | null {
  if (exportsRunning >= EXPORTS_AT_ONCE) return null;
  exportsRunning += 1;
  let counted = true;
  return {
    onEnd() {
      if (!counted) return;
      counted = false;
      exportsRunning -= 1;
    },
  };
}

/**
 * Adds one file to the zip, compressed whole (a text is at most tens of KB). Not fflate's
 * ZipDeflate: the zip keeps every file object it was given until its end, for the central
 * directory, and a ZipDeflate holds its compressor's buffers (~200 KB outside the V8 heap),
 * so a 2,000-text library held hundreds of MB. This file object holds its name, sizes and
 * checksum alone; zlib's compressor is freed as soon as the file is compressed.
 */
function addFile(zip: Zip, path: string, text: string, mtime: Date): void {
  const data = Buffer.from(text, "utf8");
  const compressed = deflateRawSync(data, { level: 6 });
  const file: ZipInputFile = {
    filename: path,
    size: data.length,
    crc: crc32(data),
    compression: 8,
    mtime,
  };
  zip.add(file);
  file.ondata!(null, new Uint8Array(compressed), true);
}

/**
 * The library as a zip written while it is sent (issue 28, item 4): each pull of the
 * response reads one page of texts and compresses its files, so the server holds a page
 * and what the client has not read yet, never the library. A fault part-way ends the
 * stream (the client's zip is then incomplete) and is logged; the status has been sent.
 */
export function libraryZip(
  db: Database,
  userId: string,
  options: { allVersions: boolean; requestId: string; onEnd(): void },
): ReadableStream<Uint8Array> {
  const pages = libraryFiles(db, userId, options.allVersions);
  let ended = false;
  const end = () => {
    if (ended) return;
    ended = true;
    options.onEnd();
  };
  let zip: Zip;
  // The client went away: what is still being read is dropped, and no fault is logged.
  let cancelled = false;
  return new ReadableStream<Uint8Array>(
    {
      start(controller) {
        zip = new Zip((error, chunk, final) => {
          if (cancelled) return;
          if (error) {
            getLogger().error({ err: error, requestId: options.requestId }, "library zip failed");
            controller.error(error);
            end();
            return;
          }
          if (chunk.length > 0) controller.enqueue(chunk);
          if (final) {
            controller.close();
            end();
          }
        });
      },
      async pull(controller) {
        try {
          const page = await pages.next();
          if (cancelled) return;
          if (page.done) {
            zip.end();
            return;
          }
          for (const file of page.value) addFile(zip, file.path, file.markdown, file.modifiedAt);
        } catch (error) {
          if (cancelled) return;
          getLogger().error(
            { err: error, requestId: options.requestId },
            "library export stopped part-way",
          );
          zip.terminate();
          controller.error(error);
          end();
        }
      },
      async cancel() {
        cancelled = true;
        zip.terminate();
        end();
        await pages.return(undefined);
      },
    },
    // One page's compressed files at a time: the next is read once the client took these.
    { highWaterMark: 1, size: () => 1 },
  );
}

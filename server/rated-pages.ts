import { promisify } from "node:util";
import { gzip } from "node:zlib";
import { describesApplication, withRating, type Rating } from "#shared/structured-data.ts";
import { etagOf, type StaticFile } from "./static-files.ts";

const gzipAsync = promisify(gzip);

/** How long one reading of the rating serves, in this process (other processes' approvals). */
export const RATING_READ_EVERY_MS = 60_000;

export interface RatedPagesOptions {
  /** The approved testimonials' rating; null while there are none. */
  read: () => Promise<Rating | null>;
  /** Changes when this process approves a testimonial: the next page view reads again. */
  version: () => number;
  /** A failed reading; the pages keep the last rating read. */
  onError: (error: unknown) => void;
  now?: () => number;
}

/**
 * The prerendered pages whose JSON-LD describes the application, each with the rating of
 * the approved testimonials added to it (decision 095). A page is never held up for the
 * database: a view after the rating's minute, or after an approval here, starts a reading in
 * the background and is answered with the pages as they are; the pages with the new
 * rating, each with its own ETag and gzip copy, replace them once ready.
 */
export class RatedPages {
  private readonly plain = new Map<string, StaticFile>();
  private rated = new Map<string, StaticFile>();
  private rating: Rating | null = null;
  private readAt = -Infinity;
  private readVersion = -1;
  private reading: Promise<void> | null = null;
  private readonly options: RatedPagesOptions;
  private readonly now: () => number;

  constructor(files: ReadonlyMap<string, StaticFile>, options: RatedPagesOptions) {
    this.options = options;
    this.now = options.now ?? Date.now;
    for (const [route, file] of files) {
      if (file.type.startsWith("text/html") && describesApplication(file.body.toString("utf8")))
        this.plain.set(route, file);
    }
  }

  /** The page to serve for `route`: undefined when its data carries no rating. */
  file(route: string): StaticFile | undefined {
    const plain = this.plain.get(route);
    if (!plain) return undefined;
    this.refreshIfDue();
    return this.rated.get(route) ?? plain;
  }

  /** Reads the rating now (or joins the reading under way); resolves once pages are made. */
  refresh(): Promise<void> {
    if (this.reading) return this.reading;
    const version = this.options.version();
    this.reading = this.options
      .read()
      .then(async (rating) => {
        if (!sameRating(rating, this.rating)) {
          this.rated = await this.ratePages(rating);
          this.rating = rating;
        }
      })
      .catch((error: unknown) => this.options.onError(error))
      .finally(() => {
        // A failed reading, too, is tried again after the minute, not at every view.
        this.readVersion = version;
        this.readAt = this.now();
        this.reading = null;
      });
    return this.reading;
  }

  private refreshIfDue(): void {
    const due =
      this.now() - this.readAt >= RATING_READ_EVERY_MS ||
      this.options.version() !== this.readVersion;
    if (due && !this.reading) void this.refresh();
  }

  private async ratePages(rating: Rating | null): Promise<Map<string, StaticFile>> {
    const rated = new Map<string, StaticFile>();
    if (!rating) return rated;
    for (const [route, file] of this.plain) {
      const body = Buffer.from(withRating(file.body.toString("utf8"), rating), "utf8");
      rated.set(route, {
        ...file,
        body,
        gzip: file.gzip ? await gzipAsync(body, { level: 9 }) : undefined,
        etag: etagOf(body),
      });
    }
    return rated;
  }
}

function sameRating(a: Rating | null, b: Rating | null): boolean {
  return a === b || (a !== null && b !== null && a.count === b.count && a.mean === b.mean);
}

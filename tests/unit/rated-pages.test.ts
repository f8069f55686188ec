import { describe, expect, it } from "vitest";
import { gunzipSync, gzipSync } from "node:zlib";
import { RATING_READ_EVERY_MS, RatedPages } from "../../server/rated-pages.ts";
import { etagOf, type StaticFile } from "../../server/static-files.ts";
import { applicationData, jsonLdText, type Rating } from "#shared/structured-data.ts";

const site = new URL("https://example.com");

function html(body: string): StaticFile {
  const buffer = Buffer.from(body);
  return {
    body: buffer,
    gzip: gzipSync(buffer),
    type: "text/html; charset=utf-8",
    etag: etagOf(buffer),
    cacheControl: "public, max-age=0, must-revalidate",
  };
}

const home = html(
  `<script type="application/ld+json">${jsonLdText([applicationData(site, "Home.")])}</script>`,
);
const about = html("<h1>About</h1>");

/** A database whose rating the test sets, counting its readings; a clock the test moves. */
function setUp(options: { fail?: boolean } = {}) {
  const state = { rating: null as Rating | null, readings: 0, version: 0, now: 0, errors: 0 };
  const pages = new RatedPages(
    new Map([
      ["/", home],
      ["/about", about],
    ]),
    {
      read: async () => {
        state.readings += 1;
        if (options.fail) throw new Error("database unavailable");
        return state.rating;
      },
      version: () => state.version,
      onError: () => {
        state.errors += 1;
      },
      now: () => state.now,
    },
  );
  return { pages, state };
}

const ratingIn = (file: StaticFile) =>
  JSON.parse(/application\/ld\+json">([^<]*)</.exec(file.body.toString())![1]!).aggregateRating;

describe("rated pages", () => {
  it("serve the page as built while no testimonial is approved", async () => {
    const { pages } = setUp();
    await pages.refresh();
    expect(pages.file("/")).toBe(home);
    expect(pages.file("/about")).toBeUndefined();
  });

  it("carry the rating read, with their own ETag and gzip copy", async () => {
    const { pages, state } = setUp();
    state.rating = { count: 2, mean: 4.5 };
    await pages.refresh();
    const rated = pages.file("/")!;
    expect(ratingIn(rated)).toMatchObject({ ratingValue: 4.5, ratingCount: 2 });
    expect(rated.etag).not.toBe(home.etag);
    expect(gunzipSync(rated.gzip!).equals(rated.body)).toBe(true);
  });

  it("read again after an approval here, or after the minute, never more often", async () => {
    const { pages, state } = setUp();
    await pages.refresh();
    pages.file("/");
    expect(state.readings).toBe(1);

    state.rating = { count: 1, mean: 5 };
    state.version += 1;
    // The view that finds the rating out of date is answered at once, as before.
    expect(pages.file("/")).toBe(home);
    await pages.refresh();
    expect(state.readings).toBe(2);
    expect(ratingIn(pages.file("/")!)).toMatchObject({ ratingCount: 1 });

    state.now += RATING_READ_EVERY_MS - 1;
    pages.file("/");
    expect(state.readings).toBe(2);
    state.now += 1;
    pages.file("/");
    await pages.refresh();
    expect(state.readings).toBe(3);
  });

  it("keep serving, and try again after the minute, when the database fails", async () => {
    const { pages, state } = setUp({ fail: true });
    await pages.refresh();
    expect(state.errors).toBe(1);
    expect(pages.file("/")).toBe(home);
    expect(pages.file("/")).toBe(home);
    expect(state.readings).toBe(1);
  });
});

import { sql } from "drizzle-orm";
import { unzipSync, strFromU8 } from "fflate";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { parseConfig } from "#server/config.ts";
import { openDatabase, rowsOf, type DatabaseHandle } from "#server/db/index.ts";
import { EXPORT_PAGE_TEXTS, libraryFiles } from "#server/generation/library-export.ts";
import { EXPORTS_AT_ONCE, libraryZip, startLibraryExport } from "#server/generation/library-zip.ts";
import { RATE_LIMITS } from "#server/rate-limit/index.ts";
import { ApiClient, signUp } from "../support/client.ts";
import { createStorage, type Storage } from "../support/server.ts";
import { writeAccountsTexts } from "../support/texts.ts";
import { useServer } from "../support/use-server.ts";

/**
 * Issue 28, item 4: an account takes its whole library as one zip of Markdown files, each
 * text's newest version with its front matter (or every version), its own texts only.
 */

const server = useServer({ env: { TRUSTED_PROXY: "1" } });

const keep = async (client: ApiClient, text: string, language = "english") => {
  const kept = await client.post("/api/email/own", { text, language });
  expect(kept.status, JSON.stringify(kept.body)).toBe(200);
  return kept.body.generationId as string;
};

const edit = async (client: ApiClient, parentId: string, text: string) => {
  const edited = await client.post("/api/email/edit", { parentId, text });
  expect(edited.status, JSON.stringify(edited.body)).toBe(200);
  return edited.body.generationId as string;
};

/** The caller's library: the answer, and the zip's files by name, as text. */
async function download(client: ApiClient, query = "") {
  const response = await fetch(`${server.url}/api/email/export${query}`, {
    headers: client.browserHeaders(),
  });
  const bytes = new Uint8Array(await response.arrayBuffer());
  const files =
    response.status === 200
      ? Object.fromEntries(
          Object.entries(unzipSync(bytes)).map(([name, data]) => [name, strFromU8(data)]),
        )
      : {};
  return { response, files, body: response.status === 200 ? null : strFromU8(bytes) };
}

/** A file's front matter as its lines' keys and values, and the text after it. */
function parseFile(markdown: string): { meta: Record<string, string>; text: string } {
  const match = /^---\n([\s\S]*?)\n---\n\n([\s\S]*)$/.exec(markdown);
  expect(match, markdown).not.toBeNull();
  const meta = Object.fromEntries(
    match![1]!.split("\n").map((line) => {
      const [key, ...value] = line.split(": ");
      const raw = value.join(": ");
      return [key!, raw.startsWith('"') ? (JSON.parse(raw) as string) : raw];
    }),
  );
  return { meta, text: match![2]! };
}

const FIRST = "Dear Ms Ünal,\n\nThe heating is broken since Monday. Please fix it by Friday.";
const FIRST_EDITED = `${FIRST}\n\nThank you, Ana`;
const SECOND = "Çağrı's notes on the garden: water the roses every evening in July.";
const THIRD = "Bir dilekçe: apartmanın kapısı kırık, lütfen bu hafta onarın.";

describe("GET /api/email/export", () => {
  it("zips every text of the account, each its newest version with front matter, and no one else's", async () => {
    const { client } = await signUp(server.url, true);
    const first = await keep(client, FIRST);
    await edit(client, first, FIRST_EDITED);
    await keep(client, SECOND);
    await keep(client, THIRD, "turkish");
    const stranger = (await signUp(server.url, true)).client;
    await keep(stranger, "A stranger's secret recipe for plum jam, not to be shared.");
    const subjects = new Map<string, string>(
      ((await client.get("/api/email/my")).body.generations as { id: string; subject: string }[])
        .reverse()
        .map((item) => [item.subject, item.id]),
    );

    const { response, files } = await download(client);
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toBe("application/zip");
    expect(response.headers.get("content-disposition")).toMatch(
      /^attachment; filename="ai-text-generator-texts-\d{4}-\d{2}-\d{2}\.zip"$/,
    );
    expect(response.headers.get("content-length")).toBeNull();

    const names = Object.keys(files);
    expect(names).toHaveLength(3);
    for (const name of names) expect(name).toMatch(/^[a-z0-9-]+-[0-9a-f]{8}\.md$/);
    const parsed = names.map((name) => parseFile(files[name]!));
    expect(parsed.map((file) => file.text.trim()).sort()).toEqual(
      [FIRST_EDITED, SECOND, THIRD].sort(),
    );
    for (const { meta } of parsed) {
      expect(meta).toMatchObject({
        model: "own",
        created: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T/),
        updated: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T/),
      });
      expect(subjects.has(meta.title!)).toBe(true);
    }
    const edited = parsed.find((file) => file.text.trim() === FIRST_EDITED)!.meta;
    expect(edited.updated! > edited.created!).toBe(true);
    expect(parsed.find((file) => file.text.trim() === THIRD)!.meta.language).toBe("turkish");
    expect(Object.values(files).join("\n")).not.toContain("plum jam");
  });

  it("with ?versions=all holds every version, a folder per text, in the order they were made", async () => {
    const { client } = await signUp(server.url, true);
    const first = await keep(client, FIRST);
    const second = await edit(client, first, FIRST_EDITED);
    await edit(client, second, `${FIRST_EDITED} and Ben`);
    await keep(client, SECOND);

    const { response, files } = await download(client, "?versions=all");
    expect(response.status).toBe(200);
    const folders = new Map<string, string[]>();
    for (const name of Object.keys(files).sort()) {
      const [folder, file] = name.split("/");
      expect(file).toMatch(/^\d{3}-[0-9a-f]{8}\.md$/);
      folders.set(folder!, [...(folders.get(folder!) ?? []), parseFile(files[name]!).text.trim()]);
    }
    expect([...folders.values()].sort((a, b) => b.length - a.length)).toEqual([
      [FIRST, FIRST_EDITED, `${FIRST_EDITED} and Ben`],
      [SECOND],
    ]);
    const versions = Object.keys(files)
      .filter((name) => files[name]!.includes("Ben"))
      .map((name) => parseFile(files[name]!).meta);
    expect(versions).toEqual([expect.objectContaining({ version: "3", change: "edited" })]);
  });

  it("answers 401 signed out and to a guest, with the API's error shape", async () => {
    const signedOut = await download(new ApiClient(server.url));
    expect(signedOut.response.status).toBe(401);
    expect(JSON.parse(signedOut.body!)).toMatchObject({ success: false, code: "UNAUTHORIZED" });

    const guest = new ApiClient(server.url);
    await keep(guest, SECOND);
    expect(guest.cookies.size).toBeGreaterThan(0);
    expect((await download(guest)).response.status).toBe(401);
  });

  it("refuses HEAD, which would take a place and never give it back, and counts it nowhere", async () => {
    const { client } = await signUp(server.url, true);
    await keep(client, SECOND);
    for (let i = 0; i < EXPORTS_AT_ONCE + RATE_LIMITS.exportByAccount.points; i++) {
      const head = await fetch(`${server.url}/api/email/export`, {
        method: "HEAD",
        headers: client.browserHeaders(),
      });
      expect(head.status).toBe(405);
    }
    const { response, files } = await download(client);
    expect(response.status).toBe(200);
    expect(Object.keys(files)).toHaveLength(1);
  });

  it("refuses an account's export past its hourly limit with 429 and Retry-After", async () => {
    const { client } = await signUp(server.url, true);
    await keep(client, SECOND);
    for (let i = 0; i < RATE_LIMITS.exportByAccount.points; i++) {
      const { response, files } = await download(client);
      expect(response.status).toBe(200);
      expect(Object.keys(files)).toHaveLength(1);
    }
    const refused = await download(client);
    expect(refused.response.status).toBe(429);
    expect(Number(refused.response.headers.get("retry-after"))).toBeGreaterThan(0);
    // Another account's limit is its own.
    const other = (await signUp(server.url, true)).client;
    expect((await download(other)).response.status).toBe(200);
  });
});

describe("the library's pages", () => {
  let storage: Storage;
  let handle: DatabaseHandle;
  let owner: string;
  const TEXTS = EXPORT_PAGE_TEXTS * 2 + 50;

  beforeAll(async () => {
    storage = await createStorage();
    handle = await openDatabase(parseConfig(storage.env));
    await writeAccountsTexts(handle.db, { prefix: "library", accounts: 2, textsEach: 100 });
    owner = rowsOf<{ id: string }>(
      await handle.db.execute(sql`select id from users where email = 'library1@example.com'`),
    )[0]!.id;
    // Texts made in one instant, to the microsecond (a time cut to milliseconds would read
    // them again): the pages are cut by id among them.
    await handle.db.execute(sql`
      insert into generations (user_id, status, subject, prompt, tone, language, content_type,
        generated_content, cost, created_at)
      select ${owner}, 'done', 'Same instant', 'A note', 'standard', 'english', 'email',
        'Same instant ' || n, 100,
        date_trunc('second', now()) - interval '30 seconds' + interval '456 microseconds'
      from generate_series(1, ${TEXTS - 100}) n`);
  });

  afterAll(async () => {
    await handle?.close();
    await storage?.cleanup();
  });

  it("reads every text once, a page at a time, whatever their times", async () => {
    const pages: number[] = [];
    const paths = new Set<string>();
    const texts: string[] = [];
    for await (const files of libraryFiles(handle.db, owner, false)) {
      pages.push(files.length);
      for (const file of files) {
        paths.add(file.path);
        texts.push(file.markdown);
      }
    }
    expect(pages).toEqual([100, 100, 50]);
    expect(paths.size).toBe(TEXTS);
    expect(texts.filter((text) => text.includes("\nSame instant "))).toHaveLength(TEXTS - 100);
  });

  it("counts the exports running at once, and frees the place of one whose client left", async () => {
    const places = Array.from({ length: EXPORTS_AT_ONCE }, () => startLibraryExport());
    expect(places.every((place) => place !== null)).toBe(true);
    expect(startLibraryExport()).toBeNull();
    let ended = 0;
    const zip = libraryZip(handle.db, owner, {
      allVersions: false,
      requestId: "test",
      onEnd: () => {
        ended += 1;
        places[0]!.onEnd();
      },
    }).getReader();
    expect((await zip.read()).done).toBe(false);
    await zip.cancel();
    expect(ended).toBe(1);
    const another = startLibraryExport();
    expect(another).not.toBeNull();
    for (const place of [...places.slice(1), another]) place!.onEnd();
  });
});

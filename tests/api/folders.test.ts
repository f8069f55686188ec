import { randomUUID } from "node:crypto";
import { describe, expect, it } from "vitest";
import { MAX_FOLDER_NAME_CHARS, MAX_FOLDERS } from "#shared/folders.ts";
import { removeAccount } from "#server/auth/accounts.ts";
import { emailHasher } from "#server/credits/allowance-holds.ts";
import { users } from "#server/db/schema.ts";
import { createFolder, listFolders } from "#server/folders/folders.ts";
import { ApiClient, signUp } from "../support/client.ts";
import { useDatabase } from "../support/use-database.ts";
import { useServer } from "../support/use-server.ts";

/**
 * Folders (issue 28, items 2 and 5): an account files its texts into up to 100 folders, a
 * text in at most one with all its versions; the history filters by folder; deleting a
 * folder keeps its texts; a folder's voice writes the texts made from it. Only the owner's
 * folders and texts are found: a stranger's answer 404.
 */
const WRITTEN = "Hi team, the new office opens on Monday. See you there, Ana";

const server = useServer({ writer: { text: WRITTEN, model: "m" } });

const request = {
  content: "An email to my team about the new office.",
  language: "english",
  contentType: "email",
};

interface Folder {
  id: string;
  name: string;
  voiceId: string | null;
  texts: number;
}

async function makeFolder(client: ApiClient, body: unknown): Promise<Folder> {
  const response = await client.post("/api/folders", body);
  expect(response.status, JSON.stringify(response.body)).toBe(201);
  return response.body.folder as Folder;
}

async function writeText(client: ApiClient, body: Record<string, unknown> = {}): Promise<string> {
  const response = await client.post("/api/email/generate", { ...request, ...body });
  expect(response.status, JSON.stringify(response.body)).toBe(200);
  return response.body.generationId as string;
}

function fileText(client: ApiClient, textId: string, folderId: string | null) {
  return client.post(`/api/email/text/${textId}/folder`, { folderId });
}

async function historyIds(client: ApiClient, query = ""): Promise<string[]> {
  const response = await client.get(`/api/email/my${query}`);
  expect(response.status, JSON.stringify(response.body)).toBe(200);
  return (response.body.generations as { id: string }[]).map((item) => item.id);
}

async function folderOf(client: ApiClient, textId: string): Promise<string | null | undefined> {
  const page = await client.get(`/api/email/my?text=${textId}`);
  return (page.body.generations as { folderId?: string | null }[])[0]?.folderId;
}

describe("folders", () => {
  it("are made, listed by name, renamed, given a voice and deleted by their owner", async () => {
    const { client } = await signUp(server.url, true);
    expect((await client.get("/api/folders")).body).toEqual({
      success: true,
      folders: [],
      limit: MAX_FOLDERS,
    });
    const work = await makeFolder(client, { name: "  Work  " });
    expect(work).toMatchObject({ name: "Work", voiceId: null, texts: 0 });
    const home = await makeFolder(client, { name: "home" });
    const listed = (await client.get("/api/folders")).body.folders as Folder[];
    expect(listed.map((f) => f.name)).toEqual(["home", "Work"]);

    const voice = (
      await client.post("/api/voices", { name: "Plain", description: "Short sentences." })
    ).body.voice as { id: string };
    const renamed = await client.request("PATCH", `/api/folders/${work.id}`, {
      json: { name: "Office", voiceId: voice.id },
    });
    expect(renamed.status).toBe(200);
    expect(renamed.body.folder).toMatchObject({ id: work.id, name: "Office", voiceId: voice.id });
    const cleared = await client.request("PATCH", `/api/folders/${work.id}`, {
      json: { voiceId: null },
    });
    expect(cleared.body.folder).toMatchObject({ name: "Office", voiceId: null });

    expect((await client.request("DELETE", `/api/folders/${home.id}`)).status).toBe(200);
    expect((await client.request("DELETE", `/api/folders/${home.id}`)).status).toBe(404);
    const after = (await client.get("/api/folders")).body.folders as Folder[];
    expect(after.map((f) => f.id)).toEqual([work.id]);
  });

  it("need a name of at most 60 characters, unique in the account whatever its case", async () => {
    const { client } = await signUp(server.url, true);
    const nameless = await client.post("/api/folders", { name: "   " });
    expect(nameless.status).toBe(400);
    expect(nameless.body).toMatchObject({
      code: "VALIDATION_ERROR",
      reason: "folderNameMissing",
      fieldReasons: { name: ["folderNameMissing"] },
    });
    const long = await client.post("/api/folders", { name: "a".repeat(MAX_FOLDER_NAME_CHARS + 1) });
    expect(long.status).toBe(400);
    expect(long.body).toMatchObject({
      reason: "folderNameTooLong",
      message: "Please keep the folder's name under 60 characters.",
    });
    await makeFolder(client, { name: "a".repeat(MAX_FOLDER_NAME_CHARS) });

    const clients = await makeFolder(client, { name: "Clients" });
    const twin = await client.post("/api/folders", { name: "CLIENTS" });
    expect(twin.status).toBe(409);
    expect(twin.body).toMatchObject({
      code: "CONFLICT",
      reason: "folderNameTaken",
      fieldReasons: { name: ["folderNameTaken"] },
    });
    const other = await makeFolder(client, { name: "Others" });
    const renamed = await client.request("PATCH", `/api/folders/${other.id}`, {
      json: { name: "clients" },
    });
    expect(renamed.status).toBe(409);
    // Its own name in another case is a rename, not a clash.
    const recased = await client.request("PATCH", `/api/folders/${clients.id}`, {
      json: { name: "clients" },
    });
    expect(recased.body.folder).toMatchObject({ name: "clients" });
    // Two tabs making the same name at once: one folder, one clear refusal, never a 500.
    const both = await Promise.all([
      client.post("/api/folders", { name: "Twice" }),
      client.post("/api/folders", { name: "twice" }),
    ]);
    expect(both.map((r) => r.status).sort()).toEqual([201, 409]);

    const empty = await client.request("PATCH", `/api/folders/${other.id}`, { json: {} });
    expect(empty.status).toBe(400);
    const badVoice = await client.post("/api/folders", { name: "Voiced", voiceId: "mine" });
    expect(badVoice.status).toBe(400);
    expect(badVoice.body.fieldReasons).toEqual({ voiceId: ["voiceInvalid"] });
  });

  it(`are at most ${MAX_FOLDERS} an account, made at once or not; the next is a 400`, async () => {
    const { client } = await signUp(server.url, true);
    for (let start = 0; start < MAX_FOLDERS - 2; start += 14) {
      const batch = Array.from({ length: Math.min(14, MAX_FOLDERS - 2 - start) }, (_, i) =>
        client.post("/api/folders", { name: `Folder ${start + i + 1}` }),
      );
      expect((await Promise.all(batch)).map((r) => r.status)).not.toContain(400);
    }
    // Four for the last two places at once: the lock on the account lets exactly two in.
    const last = await Promise.all(
      Array.from({ length: 4 }, (_, i) => client.post("/api/folders", { name: `Last ${i}` })),
    );
    expect(last.map((r) => r.status).sort()).toEqual([201, 201, 400, 400]);
    const refused = await client.post("/api/folders", { name: "One more" });
    expect(refused.status).toBe(400);
    expect(refused.body).toMatchObject({
      success: false,
      code: "VALIDATION_ERROR",
      reason: "folderLimit",
      message: "You can keep up to 100 folders. Delete one to add another.",
    });
    const folders = (await client.get("/api/folders")).body.folders as Folder[];
    expect(folders).toHaveLength(MAX_FOLDERS);
    expect((await client.request("DELETE", `/api/folders/${folders[0]!.id}`)).status).toBe(200);
    await makeFolder(client, { name: "One more" });
  });
});

describe("filing texts", () => {
  it("moves a text with every version, filters the history, and deleting keeps the texts", async () => {
    const { client } = await signUp(server.url, true);
    const work = await makeFolder(client, { name: "Work" });
    const home = await makeFolder(client, { name: "Home" });
    const text = await writeText(client);
    const refined = await writeText(client, { refine: { parentId: text, action: "shorter" } });
    const loose = await writeText(client);
    expect(await folderOf(client, text)).toBeNull();

    // Any version's id files the whole text.
    const filed = await fileText(client, refined, work.id);
    expect(filed.status).toBe(200);
    expect(filed.body).toEqual({ success: true, rootId: text, folderId: work.id });
    expect(await folderOf(client, text)).toBe(work.id);
    expect(await historyIds(client, `?folder=${work.id}`)).toEqual([text]);
    const page = await client.get(`/api/email/my?folder=${work.id}`);
    expect(page.body.generations[0].refinements.map((r: { id: string }) => r.id)).toEqual([
      refined,
    ]);
    expect(await historyIds(client, "?folder=none")).toEqual([loose]);
    expect(await historyIds(client, `?folder=${home.id}`)).toEqual([]);
    const counted = (await client.get("/api/folders")).body.folders as Folder[];
    expect(counted.find((f) => f.id === work.id)?.texts).toBe(1);

    // Moving is one change; a search inside a folder finds only that folder's texts.
    expect((await fileText(client, text, home.id)).body.folderId).toBe(home.id);
    expect(await historyIds(client, `?folder=${work.id}`)).toEqual([]);
    expect(await historyIds(client, `?folder=${home.id}&q=office`)).toEqual([text]);

    // Renaming keeps the texts in it; deleting the folder keeps them, in no folder.
    await client.request("PATCH", `/api/folders/${home.id}`, { json: { name: "House" } });
    expect(await historyIds(client, `?folder=${home.id}`)).toEqual([text]);
    expect((await client.request("DELETE", `/api/folders/${home.id}`)).status).toBe(200);
    expect(await folderOf(client, text)).toBeNull();
    expect((await historyIds(client, "?folder=none")).sort()).toEqual([loose, text].sort());

    // Taken out with null.
    await fileText(client, loose, work.id);
    expect((await fileText(client, loose, null)).body).toEqual({
      success: true,
      rootId: loose,
      folderId: null,
    });
    expect(await historyIds(client, `?folder=${work.id}`)).toEqual([]);
  });

  it("a new text written from a folder is filed in it and written in the folder's voice", async () => {
    const { client } = await signUp(server.url, true);
    const voices = await Promise.all(
      ["Folder voice", "Chosen voice"].map(
        async (name) =>
          (await client.post("/api/voices", { name, description: `${name}, brief.` })).body
            .voice as { id: string },
      ),
    );
    const folder = await makeFolder(client, { name: "Letters", voiceId: voices[0]!.id });

    const text = await writeText(client, { folderId: folder.id });
    expect(await folderOf(client, text)).toBe(folder.id);
    const asked = () => JSON.parse(server.writer.requests.at(-1)!.body.messages[1]!.content);
    expect(asked().voice).toEqual({ style: "Folder voice, brief." });

    // A chosen voice wins over the folder's.
    const chosen = await writeText(client, { folderId: folder.id, voiceId: voices[1]!.id });
    expect(asked().voice).toEqual({ style: "Chosen voice, brief." });
    expect(await historyIds(client, `?folder=${folder.id}`)).toEqual([chosen, text]);

    // A version of a filed text stays in its line's folder, wherever it is asked from.
    const other = await makeFolder(client, { name: "Other" });
    const variant = await writeText(client, { variantOf: text, variant: 2, folderId: other.id });
    expect(await historyIds(client, `?folder=${other.id}`)).toEqual([]);
    const page = await client.get(`/api/email/my?folder=${folder.id}`);
    const line = page.body.generations.find((item: { id: string }) => item.id === text);
    expect(line.refinements.map((r: { id: string }) => r.id)).toEqual([variant]);

    // A deleted voice leaves the folder without one.
    await client.request("DELETE", `/api/voices/${voices[0]!.id}`);
    const folders = (await client.get("/api/folders")).body.folders as Folder[];
    expect(folders.find((f) => f.id === folder.id)?.voiceId).toBeNull();
    await writeText(client, { folderId: folder.id });
    expect(asked()).not.toHaveProperty("voice");
  });
});

describe("strangers", () => {
  it("get 404 for another's folder, text or voice, as for a missing one", async () => {
    const owner = (await signUp(server.url, true)).client;
    const stranger = (await signUp(server.url, true)).client;
    const theirs = await makeFolder(owner, { name: "Private" });
    const theirText = await writeText(owner);
    await fileText(owner, theirText, theirs.id);
    const theirVoice = (await owner.post("/api/voices", { name: "V", description: "Plain." })).body
      .voice as { id: string };
    const mine = await makeFolder(stranger, { name: "Mine" });
    const myText = await writeText(stranger);

    expect((await stranger.get("/api/folders")).body.folders).toEqual([mine]);
    for (const id of [theirs.id, randomUUID(), "not-a-uuid"]) {
      const patched = await stranger.request("PATCH", `/api/folders/${id}`, {
        json: { name: "Taken" },
      });
      expect(patched.status, id).toBe(404);
      expect(patched.body).toMatchObject({ code: "NOT_FOUND", reason: "folderNotFound" });
      expect((await stranger.request("DELETE", `/api/folders/${id}`)).status, id).toBe(404);
    }
    const intoTheirs = await fileText(stranger, myText, theirs.id);
    expect(intoTheirs.status).toBe(404);
    expect(intoTheirs.body).toMatchObject({ reason: "folderNotFound" });
    const theirTextMoved = await fileText(stranger, theirText, mine.id);
    expect(theirTextMoved.status).toBe(404);
    expect(theirTextMoved.body).toMatchObject({ reason: "textNotFound" });
    expect((await fileText(stranger, theirText, null)).status).toBe(404);
    const filtered = await stranger.get(`/api/email/my?folder=${theirs.id}`);
    expect(filtered.status).toBe(404);
    expect(filtered.body).toMatchObject({ reason: "folderNotFound" });
    const generated = await stranger.post("/api/email/generate", {
      ...request,
      folderId: theirs.id,
    });
    expect(generated.status).toBe(404);
    expect(generated.body).toMatchObject({ reason: "folderNotFound" });
    const voiced = await stranger.request("PATCH", `/api/folders/${mine.id}`, {
      json: { voiceId: theirVoice.id },
    });
    expect(voiced.status).toBe(404);
    expect(voiced.body).toMatchObject({ reason: "voiceNotFound" });

    // Nothing of the owner's changed.
    expect((await owner.get("/api/folders")).body.folders).toMatchObject([
      { id: theirs.id, name: "Private", texts: 1 },
    ]);
    expect(await folderOf(owner, theirText)).toBe(theirs.id);
  });

  it("a guest has no folders", async () => {
    const guest = new ApiClient(server.url);
    const id = randomUUID();
    expect((await guest.get("/api/folders")).status).toBe(401);
    expect((await guest.post("/api/folders", { name: "Mine" })).status).toBe(401);
    expect(
      (await guest.request("PATCH", `/api/folders/${id}`, { json: { name: "x" } })).status,
    ).toBe(401);
    expect((await guest.request("DELETE", `/api/folders/${id}`)).status).toBe(401);
    expect((await fileText(guest, id, null)).status).toBe(401);
    const generated = await guest.post("/api/email/generate", { ...request, folderId: id });
    expect(generated.status).toBe(404);
  });

  it("bad ids are 400s with the reason", async () => {
    const { client } = await signUp(server.url, true);
    const text = await writeText(client);
    const filed = await fileText(client, text, "work" as unknown as string);
    expect(filed.status).toBe(400);
    expect(filed.body.fieldReasons).toEqual({ folderId: ["folderNotFound"] });
    expect((await client.get("/api/email/my?folder=work")).status).toBe(400);
    const generated = await client.post("/api/email/generate", { ...request, folderId: "work" });
    expect(generated.status).toBe(400);
  });
});

describe("with template drafts only", () => {
  const drafts = useServer();

  it("a draft written from a folder is filed in it too", async () => {
    const { client } = await signUp(drafts.url, true);
    const folder = await makeFolder(client, { name: "Drafts" });
    const response = await client.post("/api/email/generate", { ...request, folderId: folder.id });
    expect(response.status).toBe(200);
    expect(response.body).toMatchObject({ modelUsed: "local" });
    expect(await folderOf(client, response.body.generationId as string)).toBe(folder.id);
    const refused = await client.post("/api/email/generate", {
      ...request,
      folderId: randomUUID(),
    });
    expect(refused.status).toBe(404);
  });
});

describe("deleting an account", () => {
  const database = useDatabase();

  it("deletes its folders, and no one else's", async () => {
    const { db } = database;
    const now = new Date();
    const [leaving, staying] = await db
      .insert(users)
      .values([
        { email: "leaving@example.com", passwordHash: "x" },
        { email: "staying@example.com", passwordHash: "x" },
      ])
      .returning({ id: users.id });
    await createFolder(db, leaving!.id, { name: "Mine", voiceId: null }, now);
    // Names are unique per account, not across accounts.
    await createFolder(db, staying!.id, { name: "mine", voiceId: null }, now);
    const hashEmail = await emailHasher(db);
    expect(await db.transaction((tx) => removeAccount(tx, leaving!.id, now, hashEmail))).toBe(true);
    expect(await listFolders(db, leaving!.id)).toEqual([]);
    expect((await listFolders(db, staying!.id)).map((f) => f.name)).toEqual(["mine"]);
  });
});

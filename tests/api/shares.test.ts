import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { parseConfig } from "#server/config.ts";
import { openDatabase, rowsOf, type DatabaseHandle } from "#server/db/index.ts";
import { RATE_LIMITS } from "#server/rate-limit/index.ts";
import { createShare, newShareId } from "#server/shares/shares.ts";
import { ApiClient, outboxLink, pathOf, signUp } from "../support/client.ts";
import {
  createStorage,
  startServer,
  usingPostgres,
  type RunningServer,
  type Storage,
} from "../support/server.ts";
import { useServer } from "../support/use-server.ts";

/**
 * Issue 28, item 3: "Share" makes a read-only public page of one version, `/s/<id>`, with
 * the text and nothing of its owner; the owner lists and revokes links, an operator takes
 * one down; a stranger's ids, a guess, a revoked link or a deleted text are a 404 page.
 */

const OPERATOR = "share-boss@example.com";
const server = useServer({ env: { TRUSTED_PROXY: "1", OPERATOR_EMAILS: OPERATOR } });

const OWNER_NAME = "Robin Quillfeather";
const SHARED = [
  "# Garden notes",
  "",
  "Water the **roses** every evening in July.",
  "",
  "<script>alert('owned')</script> [a trap](javascript:alert(1))",
].join("\n");
const PRIVATE_TEXT = "Çağrı's private letter about the flat on Moda Street, not for anyone.";

/** A verified account with a name, signed in through the returned client. */
async function owner(baseUrl = server.url): Promise<{ client: ApiClient; email: string }> {
  const email = `sharer-${Math.random().toString(36).slice(2, 10)}@example.com`;
  const client = new ApiClient(baseUrl);
  const password = "violet-harbor-42";
  const registered = await client.post("/api/auth/register", {
    email,
    password,
    confirmPassword: password,
    name: OWNER_NAME,
  });
  expect(registered.status, JSON.stringify(registered.body)).toBe(201);
  await client.get(pathOf(await outboxLink(baseUrl, email, "verify-email")));
  return { client, email };
}

const keep = async (client: ApiClient, text: string) => {
  const kept = await client.post("/api/email/own", { text, language: "english" });
  expect(kept.status, JSON.stringify(kept.body)).toBe(200);
  return kept.body.generationId as string;
};

const share = (client: ApiClient, generationId: string) =>
  client.post("/api/shares", { generationId });

/** The page of a link, as a signed-out visitor gets it. */
const visit = (id: string, baseUrl = server.url) => new ApiClient(baseUrl).get(`/s/${id}`);

/** The site's 404 page, as any unknown address answers it. */
function expectNotFoundPage(page: { status: number; headers: Headers; body: unknown }) {
  expect(page.status).toBe(404);
  expect(page.headers.get("content-type")).toMatch(/^text\/html/);
  expect(String(page.body)).toMatch(/data-requested-address/);
}

describe("share links", () => {
  it("a finished version's page shows its text, safely, to a signed-out visitor, and nothing of its owner", async () => {
    const { client, email } = await owner();
    const id = await keep(client, SHARED);
    await keep(client, PRIVATE_TEXT);
    const made = await share(client, id);
    expect(made.status, JSON.stringify(made.body)).toBe(201);
    const link = made.body.share;
    expect(link.id).toMatch(/^[A-Za-z0-9_-]{22}$/);
    expect(link).toMatchObject({ path: `/s/${link.id}`, generationId: id });
    expect(link.url).toMatch(new RegExp(`^https?://[^/]+/s/${link.id}$`));
    // The same version again: the same link, not a second one.
    const again = await share(client, id);
    expect(again.status).toBe(200);
    expect(again.body).toMatchObject({ created: false, share: { id: link.id } });

    const page = await visit(link.id);
    expect(page.status).toBe(200);
    const html = page.body as string;
    expect(html).toContain("<strong>roses</strong>");
    expect(html).toContain("&lt;script&gt;alert(");
    expect(html).not.toMatch(/<script>alert|javascript:alert/);
    for (const secret of [email, OWNER_NAME, "Çağrı", "Moda Street"]) {
      expect(html, secret).not.toContain(secret);
    }
    expect(html).toMatch(/<meta name="robots" content="noindex/);
    expect(page.headers.get("x-robots-tag")).toBe("noindex");
    expect(page.headers.get("cache-control")).toMatch(/no-store/);
    expect(page.headers.get("cache-control")).toMatch(/private/);
    // The address is the key to the page: it is never sent on as a referrer.
    expect(page.headers.get("referrer-policy")).toBe("no-referrer");
    expect(html).toMatch(/<a href="\/"[^>]*data-page-link="\/"/);
  });

  it("the owner lists their links with each text's title and dates, and a revoked link is a 404 page at once", async () => {
    const { client } = await owner();
    const first = await keep(client, "Notes for the choir: rehearsal moves to Thursday at seven.");
    const second = await keep(client, "A list for the market: plums, walnuts, white cheese.");
    const a = (await share(client, first)).body.share;
    const b = (await share(client, second)).body.share;
    const listed = await client.get("/api/shares");
    expect(listed.status).toBe(200);
    expect(listed.body.shares.map((s: { id: string }) => s.id)).toEqual([b.id, a.id]);
    expect(listed.body.shares[1]).toMatchObject({
      id: a.id,
      generationId: first,
      path: `/s/${a.id}`,
      title: expect.any(String),
      textCreatedAt: expect.stringMatching(/^\d{4}-/),
      createdAt: expect.stringMatching(/^\d{4}-/),
    });

    const revoked = await client.request("DELETE", `/api/shares/${a.id}`);
    expect(revoked.status).toBe(200);
    const gone = await visit(a.id);
    expectNotFoundPage(gone);
    expect(gone.headers.get("x-robots-tag")).toBe("noindex");
    expect(gone.headers.get("cache-control")).toMatch(/no-store/);
    expect((await visit(b.id)).status).toBe(200);
    expect((await client.request("DELETE", `/api/shares/${a.id}`)).status).toBe(404);
    expect((await client.get("/api/shares")).body.shares).toHaveLength(1);
  });

  it("a use case's text names the use case and links to its page", async () => {
    const { client } = await owner();
    // No AI writer here: the use case's text is a template draft, a finished text all the same.
    const written = await client.post("/api/email/generate", {
      useCase: "cold-outreach-email",
      fields: {
        recipient: "Head of Operations at Swiftline",
        offer: "RouteMate plans every delivery route in under a minute.",
        ask: "demo",
      },
      language: "english",
      contentType: "email",
    });
    expect(written.status, JSON.stringify(written.body)).toBe(200);
    const link = (await share(client, written.body.generationId)).body.share;
    const html = (await visit(link.id)).body as string;
    expect(html).toContain("Cold outreach email");
    expect(html).toMatch(/<a href="\/write\/cold-outreach-email"/);
    expect(html).toContain("Write one like this");
  });

  it("a changed text keeps its link on the shared version only", async () => {
    const { client } = await owner();
    const id = await keep(client, "Dear neighbours, the bins go out on Tuesday night.");
    const link = (await share(client, id)).body.share;
    const edited = await client.post("/api/email/edit", {
      parentId: id,
      text: "Dear neighbours, the bins now go out on Wednesday night.",
    });
    expect(edited.status, JSON.stringify(edited.body)).toBe(200);
    const html = (await visit(link.id)).body as string;
    expect(html).toContain("Tuesday night");
    expect(html).not.toContain("Wednesday");
  });

  it("answers a stranger's ids, a guess and a malformed id with 404, and a guest with 401", async () => {
    const { client } = await owner();
    const id = await keep(client, "The owner's text about the summer house key.");
    const link = (await share(client, id)).body.share;
    const stranger = await owner();

    const theirs = await share(stranger.client, id);
    expect(theirs.status).toBe(404);
    expect(theirs.body).toMatchObject({ code: "NOT_FOUND" });
    expect((await stranger.client.request("DELETE", `/api/shares/${link.id}`)).status).toBe(404);
    expect((await stranger.client.get("/api/shares")).body.shares).toEqual([]);
    expect((await visit(link.id)).status).toBe(200);

    expectNotFoundPage(await visit(newShareId()));
    expectNotFoundPage(await visit("short"));
    expectNotFoundPage(await visit(`${link.id}x`));
    expect((await client.request("DELETE", "/api/shares/short")).status).toBe(404);
    const missing = await share(client, "00000000-0000-4000-8000-000000000000");
    expect(missing.status).toBe(404);
    const malformed = await share(client, "not-an-id");
    expect(malformed.status).toBe(400);
    expect(malformed.body.fieldErrors).toHaveProperty("generationId");

    const guest = new ApiClient(server.url);
    expect((await share(guest, id)).status).toBe(401);
    expect((await guest.get("/api/shares")).status).toBe(401);
    const unverified = (await signUp(server.url, false)).client;
    const ownUnverified = await keep(unverified, "An unverified account's note on the bake sale.");
    const refused = await share(unverified, ownUnverified);
    expect(refused.status).toBe(403);
    expect(refused.body.code).toBe("EMAIL_NOT_VERIFIED");
  });

  it("a deleted text's page and a deleted account's page are 404 pages", async () => {
    const { client } = await owner();
    const id = await keep(client, "A note on the boiler service, due in March.");
    const kept = await keep(client, "A second note, on the window cleaner's Friday visits.");
    const textLink = (await share(client, id)).body.share;
    const accountLink = (await share(client, kept)).body.share;
    expect((await client.request("DELETE", `/api/email/delete/${id}`)).status).toBe(200);
    expectNotFoundPage(await visit(textLink.id));
    expect((await visit(accountLink.id)).status).toBe(200);
    const deleted = await client.post("/api/auth/delete-account", { password: "violet-harbor-42" });
    expect(deleted.status, JSON.stringify(deleted.body)).toBe(200);
    expectNotFoundPage(await visit(accountLink.id));
  });

  it("an operator takes a link down from the console, recorded in the audit; no one else can", async () => {
    const { client, email } = await owner();
    const id = await keep(client, "Minutes of the residents' meeting on the lift repair.");
    const link = (await share(client, id)).body.share;
    const operator = (await signUp(server.url, true, OPERATOR)).client;

    // To anyone else the console's address is unknown, and the link stays.
    expect((await client.request("DELETE", `/api/console/shares/${link.id}`)).status).toBe(404);
    expect((await visit(link.id)).status).toBe(200);

    const taken = await operator.request("DELETE", `/api/console/shares/${link.id}`);
    expect(taken.status, JSON.stringify(taken.body)).toBe(200);
    expectNotFoundPage(await visit(link.id));
    expect((await client.get("/api/shares")).body.shares).toEqual([]);
    const audit = (await operator.get("/api/console/audit")).body.entries;
    expect(audit[0]).toMatchObject({
      action: "take_down_share",
      operatorEmail: OPERATOR,
      targetEmail: email,
      detail: { shareId: link.id, generationId: id },
    });
    const twice = await operator.request("DELETE", `/api/console/shares/${link.id}`);
    expect(twice.status).toBe(404);
    expect((await operator.get("/api/console/audit")).body.entries[1]?.action).not.toBe(
      "take_down_share",
    );
  });

  it("keeps /s/ out of the sitemap and out of robots' reach", async () => {
    const robots = await (await fetch(`${server.url}/robots.txt`)).text();
    expect(robots.split("\n")).toContain("Disallow: /s/");
    const sitemap = await (await fetch(`${server.url}/sitemap.xml`)).text();
    expect(sitemap).toContain("<loc>");
    expect(sitemap).not.toMatch(/\/s\//);
  });

  it(`makes at most ${RATE_LIMITS.sharesByAccount.points} links an hour per account`, async () => {
    const { client } = await owner();
    const id = await keep(client, "A short note that its owner shares too often.");
    for (let i = 0; i < RATE_LIMITS.sharesByAccount.points; i++) {
      expect((await share(client, id)).status).toBeLessThan(300);
    }
    const limited = await share(client, id);
    expect(limited.status).toBe(429);
    expect(Number(limited.headers.get("retry-after"))).toBeGreaterThan(0);
    // Another account is not held back by this one's links.
    const other = await owner();
    expect((await share(other.client, await keep(other.client, "Another's note."))).status).toBe(
      201,
    );
  });
});

describe("sharing a version that is not finished", () => {
  let storage: Storage;
  let handle: DatabaseHandle;
  let userId: string;
  const ids: Record<"pending" | "failed", string> = { pending: "", failed: "" };

  beforeAll(async () => {
    storage = await createStorage();
    handle = await openDatabase(parseConfig(storage.env));
    userId = rowsOf<{ id: string }>(
      await handle.db.execute(
        sql`insert into users (email, password_hash, email_verified)
            values ('unfinished@example.com', 'not a hash', true) returning id`,
      ),
    )[0]!.id;
    for (const status of ["pending", "failed"] as const) {
      ids[status] = rowsOf<{ id: string }>(
        await handle.db.execute(sql`
          insert into generations (user_id, status, subject, prompt, tone, language,
            content_type, cost)
          values (${userId}, ${status}, 'Half a note', 'A note', 'standard', 'english',
            'email', 100) returning id`),
      )[0]!.id;
    }
  });

  afterAll(async () => {
    await handle?.close();
    await storage?.cleanup();
  });

  it.each(["pending", "failed"] as const)(
    "refuses a %s version with 409 and a reason",
    async (status) => {
      const attempt = createShare(
        handle.db,
        { id: userId, emailVerified: true },
        ids[status],
        new Date(),
        "http://localhost:4321",
      );
      await expect(attempt).rejects.toMatchObject({
        code: "CONFLICT",
        status: 409,
        message: status === "pending" ? /still being written/ : /not written/,
      });
    },
  );
});

/** Two server processes on one PostgreSQL database (DESIGN §9). */
describe.runIf(usingPostgres)("share links on two instances", () => {
  let storage: Storage;
  let a: RunningServer;
  let b: RunningServer;

  beforeAll(async () => {
    storage = await createStorage();
    const env = { TRUSTED_PROXY: "1" };
    [a, b] = await Promise.all([startServer(storage, { env }), startServer(storage, { env })]);
  });

  afterAll(async () => {
    await Promise.all([a?.stop(), b?.stop()]);
    await storage?.cleanup();
  });

  it("a link made on one instance opens on the other, and once revoked is a 404 page there at once", async () => {
    const { client } = await owner(a.url);
    const id = await keep(client, "A note that two instances serve: the hall is booked Sunday.");
    const link = (await share(client, id)).body.share;
    const shown = await visit(link.id, b.url);
    expect(shown.status).toBe(200);
    expect(shown.body).toContain("the hall is booked Sunday");
    expect((await client.request("DELETE", `/api/shares/${link.id}`)).status).toBe(200);
    expectNotFoundPage(await visit(link.id, b.url));
  });
});

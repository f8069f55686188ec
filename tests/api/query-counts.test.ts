import { describe, expect, it } from "vitest";
import { ApiClient, signUp } from "../support/client.ts";
import { type RunningServer } from "../support/server.ts";
import { useServer } from "../support/use-server.ts";
import { waitFor } from "../support/wait.ts";

/**
 * Issue 11, item 3: the statements each hot request sends to the database, counted by the
 * server itself (its debug request log: drizzle's statements, transactions' begin and
 * commit included). A change that adds one to these paths fails here.
 */
const server = useServer({
  writer: { text: "Dear neighbour, thank you. Best, Ana", model: "m" },
  env: { TRUSTED_PROXY: "1", LOG_LEVEL: "debug" },
});

/** The statements of the next request to `path`. */
async function queriesOf(
  path: string,
  send: () => Promise<unknown>,
  on: RunningServer = server,
): Promise<number> {
  const logged = () => on.logs.filter((e) => e.msg === "request" && e.path === path);
  const before = logged().length;
  await send();
  const entries = await waitFor(`the request log of ${path}`, () => logged().slice(before), {
    done: (found) => found.length > 0,
  });
  return entries[0]!.queries as number;
}

const request = { content: "A note to my neighbour.", language: "english", contentType: "letter" };

describe("statements per request", () => {
  it("signed-in reads: the session 1 every time; status 2 more (the plan), a history page 1 more; anonymous reads none", async () => {
    const { client } = await signUp(server.url, true);
    const guest = new ApiClient(server.url);
    expect(await queriesOf("/api/auth/me", () => guest.get("/api/auth/me"))).toBe(0);
    // Every signed-in request reads its session, with its user, in one statement.
    expect(await queriesOf("/api/auth/me", () => client.get("/api/auth/me"))).toBe(1);
    await client.get("/api/credits/status"); // this week's grant, once
    expect(await queriesOf("/api/auth/me", () => client.get("/api/auth/me"))).toBe(1);
    // The session, the plan in force (issue 29), the balance with today's ads.
    expect(await queriesOf("/api/credits/status", () => client.get("/api/credits/status"))).toBe(3);
    expect(await queriesOf("/api/email/my", () => client.get("/api/email/my"))).toBe(2);
    expect(await queriesOf("/api/email/engines", () => guest.get("/api/email/engines"))).toBe(0);
  });

  it("a guest's status reads its trial, the plan and its address's use: 3", async () => {
    const guest = new ApiClient(server.url);
    await guest.post("/api/email/generate", request); // the guest now exists
    expect(await queriesOf("/api/credits/status", () => guest.get("/api/credits/status"))).toBe(3);
  });

  it("a paid generation: limits, session, reservation, settlement", async () => {
    const { client } = await signUp(server.url, true);
    await client.get("/api/credits/status");
    const count = await queriesOf("/api/email/generate", () =>
      client.post("/api/email/generate", request),
    );
    expect(count).toBe(GENERATE_STATEMENTS);
  });

  it("a new guest's paid generation: limits, the guest and its trial, reservation, settlement", async () => {
    const guest = new ApiClient(server.url);
    const count = await queriesOf("/api/email/generate", () =>
      guest.post("/api/email/generate", request),
    );
    expect(count).toBe(NEW_GUEST_GENERATE_STATEMENTS);
  });
});

/**
 * The session, two rate limits (one statement each), the plan in force with the account's
 * named plan (issue 29), the weekly-grant read, the reservation's transaction (begin, the
 * owner's lock, its count of texts in flight, pending row, the debit with its ledger row,
 * commit) and the settlement: 12.
 */
const GENERATE_STATEMENTS = 12;

/**
 * Two rate limits, the plan (its trial and cap), the address's trial texts today (no guest
 * is made past its cap), the new guest with its trial and ledger row (one statement), the
 * plan again for the reservation's price, the reservation's transaction (begin, the
 * owner's lock, its count of texts in flight, the address's lock, its count of today's
 * texts, pending row, debit with ledger row, commit) and the settlement: 15.
 */
const NEW_GUEST_GENERATE_STATEMENTS = 15;

/**
 * Two rate limits, the plan, the address's trial texts today, the new guest with its trial
 * and ledger row, the draft with the balance: 6.
 */
const NEW_GUEST_DRAFT_STATEMENTS = 6;

describe("statements per template draft (no AI writer)", () => {
  const drafts = useServer({ env: { TRUSTED_PROXY: "1", LOG_LEVEL: "debug" } });

  it("a new guest's draft: limits, the guest and its trial, the draft with the balance", async () => {
    const generate = (client: ApiClient) => () => client.post("/api/email/generate", request);
    // The first request of all also reads the address-hashing key, once per process.
    await queriesOf("/api/email/generate", generate(new ApiClient(drafts.url)), drafts);
    const guest = new ApiClient(drafts.url);
    expect(await queriesOf("/api/email/generate", generate(guest), drafts)).toBe(
      NEW_GUEST_DRAFT_STATEMENTS,
    );
    expect((await guest.get("/api/credits/status")).body.credits).toBe(300);
  });
});

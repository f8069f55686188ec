import { randomUUID } from "node:crypto";
import { describe, expect, it } from "vitest";
import { DEFAULT_PLAN } from "#shared/plan.ts";
import { ApiClient, signUp } from "../support/client.ts";
import { useServer } from "../support/use-server.ts";

/**
 * The operator console's endpoints (issue 27, DESIGN §7b): only a signed-in, verified
 * account named in OPERATOR_EMAILS reaches them; everyone else gets what an unknown
 * address answers. An operator's credit change goes through the ledger, with its audit row.
 */
const OPERATOR = "boss@example.com";
const UNVERIFIED_OPERATOR = "new-boss@example.com";
const UUID = "00000000-0000-4000-8000-000000000000";

let operator: ApiClient;

const server = useServer({
  writer: { text: "Dear Ana, thanks for the report. Best, Bo", model: "m" },
  env: {
    TRUSTED_PROXY: "1",
    OPERATOR_EMAILS: ` ${OPERATOR.toUpperCase()} , ${UNVERIFIED_OPERATOR}`,
  },
  ready: async (started) => {
    operator = (await signUp(started.url, true, OPERATOR)).client;
  },
});

/** Every console call, with a valid body aimed at `userId`. */
function consoleCalls(userId: string, email: string): [string, string, unknown?][] {
  return [
    ["GET", "/api/console/overview"],
    ["GET", "/api/console/accounts?email=a"],
    ["GET", `/api/console/account?id=${userId}`],
    [
      "POST",
      "/api/console/credits",
      { userId, delta: 500, reason: "A complaint", requestId: randomUUID() },
    ],
    [
      "POST",
      "/api/console/credits",
      { userId, delta: -100, reason: "A mistake", requestId: randomUUID() },
    ],
    ["POST", "/api/console/verify", { userId }],
    ["POST", "/api/console/resend-verification", { userId }],
    ["POST", "/api/console/delete-account", { userId, email }],
    ["POST", "/api/console/open-text", { generationId: UUID }],
    ["GET", "/api/console/testimonials"],
    ["POST", "/api/console/testimonials", { id: UUID, action: "approve" }],
    ["GET", "/api/console/audit"],
    ["GET", "/api/console/audit?page=abc"],
    // Plans (issue 29): reading and every change are the operator's alone.
    ["GET", "/api/console/plan"],
    ["POST", "/api/console/plan", { ...DEFAULT_PLAN, weeklyAllowance: 5000 }],
    ["POST", "/api/console/named-plans", { name: "Team", weeklyAllowance: 5000 }],
    ["POST", "/api/console/account-plan", { userId, planId: null }],
    ["POST", "/api/console/domain-plan", { domain: "example.edu", planId: null }],
    // Other methods and addresses under /api/console say no more than these.
    ["DELETE", "/api/console/overview"],
    ["POST", "/api/console/overview", {}],
    ["GET", "/api/console"],
    ["GET", "/api/console/no-such-thing"],
  ];
}

function send(client: ApiClient, [method, path, json]: [string, string, unknown?]) {
  return client.request(method, path, json === undefined ? {} : { json });
}

interface AccountView {
  account: { id: string; email: string; credits: number; emailVerified: boolean };
  ledgerSum: number;
  activity: { reason: string; delta: number }[];
}

async function accountView(userId: string): Promise<AccountView> {
  const response = await operator.get(`/api/console/account?id=${userId}`);
  expect(response.status).toBe(200);
  return response.body;
}

async function auditEntries(): Promise<
  {
    action: string;
    targetEmail: string | null;
    operatorEmail: string;
    detail: Record<string, unknown>;
    textSubject: string | null;
    testimonialName: string | null;
  }[]
> {
  const response = await operator.get("/api/console/audit");
  expect(response.status).toBe(200);
  return response.body.entries;
}

async function userId(client: ApiClient): Promise<string> {
  return (await client.get("/api/auth/me")).body.user.id;
}

describe("who reaches the console", () => {
  it("answers everyone but an operator as an unknown address would, and changes nothing", async () => {
    const unknown = await new ApiClient(server.url).get("/api/no-such-endpoint");
    expect(unknown.status).toBe(404);
    const target = await signUp(server.url, true);
    const targetId = await userId(target.client);
    const before = await accountView(targetId);
    const auditBefore = await auditEntries();

    const visitors = {
      guest: new ApiClient(server.url),
      "a verified account": (await signUp(server.url, true)).client,
      "an unverified account": (await signUp(server.url, false)).client,
      "an operator's address, not yet verified": (
        await signUp(server.url, false, UNVERIFIED_OPERATOR)
      ).client,
    };
    for (const [who, client] of Object.entries(visitors)) {
      for (const call of consoleCalls(targetId, target.email)) {
        const answer = await send(client, call);
        expect(answer.status, `${who}: ${call[0]} ${call[1]}`).toBe(404);
        expect(answer.body, `${who}: ${call[0]} ${call[1]}`).toEqual(unknown.body);
      }
      // Letter case changes nothing: an address that no route claims, either way.
      const shouted = await client.get("/API/Console/overview");
      const shoutedUnknown = await client.get("/API/no-such-endpoint");
      expect(shouted.status).toBe(404);
      expect(shouted.body).toEqual(shoutedUnknown.body);
      const page = await client.get("/console");
      const missing = await client.get("/no-such-page");
      expect(page.status, `${who}: /console`).toBe(404);
      expect(page.body).toBe(missing.body);
      // Only an operator's header learns of the console.
      const me = await client.get("/api/auth/me");
      expect(JSON.stringify(me.body), `${who}: /api/auth/me`).not.toContain("isOperator");
    }

    expect(await accountView(targetId)).toEqual(before);
    expect(await auditEntries()).toEqual(auditBefore);
    expect((await target.client.get("/api/auth/me")).status).toBe(200);
  });

  it("opens the page and every endpoint to an operator", async () => {
    const page = await operator.get("/console");
    expect(page.status).toBe(200);
    expect(page.body).toContain("<h1");
    // The header's Console link, server-rendered here, and what prerendered pages ask for.
    expect(page.body).toMatch(/<a href="\/console"[^>]*data-auth="operator"(?! hidden)/);
    expect((await operator.get("/api/auth/me")).body.user.isOperator).toBe(true);
    const overview = await operator.get("/api/console/overview");
    expect(overview.status).toBe(200);
    expect(overview.body.accounts.total).toBeGreaterThanOrEqual(1);
    expect(overview.body.days).toHaveLength(30);
    expect(overview.body.weeks).toHaveLength(12);
    expect(overview.body.writers.ready).toEqual(["localai"]);
    expect(overview.body.ads).toEqual([]);
    const found = await operator.get("/api/console/accounts?email=BOSS");
    expect(found.body.accounts.map((a: { email: string }) => a.email)).toEqual([OPERATOR]);
    // A wildcard typed by the operator is a letter, not a pattern.
    expect((await operator.get("/api/console/accounts?email=%25")).body.accounts).toEqual([]);
  });

  it("refuses an operator's write from another site, like every other write", async () => {
    const target = await signUp(server.url, true);
    const targetId = await userId(target.client);
    const before = await accountView(targetId);
    const answer = await operator.post(
      "/api/console/credits",
      { userId: targetId, delta: 500, reason: "Lured", requestId: randomUUID() },
      { headers: { origin: "https://evil.example", "sec-fetch-site": "cross-site" } },
    );
    expect(answer.status).toBe(403);
    expect(await accountView(targetId)).toEqual(before);
  });
});

describe("an operator's credit changes", () => {
  it("a grant moves the balance by exactly its amount, with one ledger row and one audit row", async () => {
    const user = await signUp(server.url, true);
    const id = await userId(user.client);
    const before = await accountView(id);
    const auditBefore = await auditEntries();
    const grant = {
      userId: id,
      delta: 500,
      reason: "Sorry for the outage",
      requestId: randomUUID(),
    };

    const granted = await operator.post("/api/console/credits", grant);
    expect(granted.status).toBe(200);
    expect(granted.body.credits).toBe(before.account.credits + 500);

    const after = await accountView(id);
    expect(after.account.credits).toBe(before.account.credits + 500);
    expect(after.ledgerSum).toBe(after.account.credits);
    expect(after.activity.length).toBe(before.activity.length + 1);
    expect(after.activity[0]).toMatchObject({ reason: "operator_grant", delta: 500 });
    expect((await user.client.get("/api/credits/status")).body.credits).toBe(
      before.account.credits + 500,
    );

    const audit = await auditEntries();
    expect(audit.length).toBe(auditBefore.length + 1);
    expect(audit[0]).toMatchObject({
      action: "grant_credits",
      operatorEmail: OPERATOR,
      targetEmail: user.email,
      detail: { credits: 500, reason: "Sorry for the outage", balanceAfter: after.account.credits },
    });

    // The same request again (a retry, a double click) is not a second grant.
    const again = await operator.post("/api/console/credits", grant);
    expect(again.status).toBe(409);
    expect((await accountView(id)).account.credits).toBe(after.account.credits);
    expect(await auditEntries()).toHaveLength(audit.length);
  });

  it("takes back at most the balance: more is refused and nothing is written", async () => {
    const user = await signUp(server.url, true);
    const id = await userId(user.client);
    const before = await accountView(id);
    const auditBefore = await auditEntries();
    const refused = await operator.post("/api/console/credits", {
      userId: id,
      delta: -(before.account.credits + 1),
      reason: "Too much",
      requestId: randomUUID(),
    });
    expect(refused.status).toBe(409);
    expect(refused.body).toMatchObject({ code: "CONFLICT", credits: before.account.credits });
    expect(await accountView(id)).toEqual(before);
    expect(await auditEntries()).toEqual(auditBefore);

    const all = await operator.post("/api/console/credits", {
      userId: id,
      delta: -before.account.credits,
      reason: "Abuse",
      requestId: randomUUID(),
    });
    expect(all.status).toBe(200);
    expect(all.body.credits).toBe(0);
    const after = await accountView(id);
    expect(after.activity[0]).toMatchObject({
      reason: "operator_take_back",
      delta: -before.account.credits,
    });
    expect((await auditEntries())[0]).toMatchObject({
      action: "take_back_credits",
      targetEmail: user.email,
    });
  });

  it("grants, take-backs and texts at once keep the balance equal to the ledger", async () => {
    const user = await signUp(server.url, true);
    const id = await userId(user.client);
    const start = (await accountView(id)).account.credits;
    const grant = (delta: number) =>
      operator.post("/api/console/credits", {
        userId: id,
        delta,
        reason: "Concurrent",
        requestId: randomUUID(),
      });
    const text = () =>
      user.client.post("/api/email/generate", {
        content: "Write a short note to Ana about the report.",
        language: "english",
        contentType: "email",
      });
    const calls = [
      ...Array.from({ length: 8 }, () => ({ kind: "grant", delta: 70, run: () => grant(70) })),
      ...Array.from({ length: 6 }, () => ({ kind: "take", delta: -90, run: () => grant(-90) })),
      ...Array.from({ length: 8 }, () => ({ kind: "text", delta: -100, run: text })),
    ];
    const answers = await Promise.all(calls.map((call) => call.run()));
    let expected = start;
    answers.forEach((answer, i) => {
      // 429: past the texts one account may have in flight at once (2), nothing taken.
      expect([200, 409, 429], JSON.stringify(answer.body)).toContain(answer.status);
      if (answer.status === 200) expected += calls[i]!.delta;
    });
    const after = await accountView(id);
    expect(after.account.credits).toBe(expected);
    expect(after.ledgerSum).toBe(after.account.credits);
    expect(after.account.credits).toBeGreaterThanOrEqual(0);

    // The overview counts them (summed, so that a test across midnight still holds).
    const done = (kind: string) =>
      answers.filter((answer, i) => answer.status === 200 && calls[i]!.kind === kind).length;
    const overview = (await operator.get("/api/console/overview")).body as {
      days: { texts: { localai: number } }[];
      weeks: { takenBack: number; spent: number }[];
    };
    const total = (values: number[]) => values.reduce((a, b) => a + b, 0);
    expect(total(overview.days.map((day) => day.texts.localai))).toBeGreaterThanOrEqual(
      done("text"),
    );
    expect(total(overview.weeks.map((week) => week.takenBack))).toBeGreaterThanOrEqual(
      90 * done("take"),
    );
    expect(total(overview.weeks.map((week) => week.spent))).toBeGreaterThanOrEqual(
      100 * done("text"),
    );
  });
});

describe("an operator's other actions", () => {
  it("verifies by hand, opens a text and deletes an account, each recorded", async () => {
    const user = await signUp(server.url, false);
    const id = await userId(user.client);
    const written = await user.client.post("/api/email/generate", {
      content: "Write a short note to Ana about the report.",
      language: "english",
      contentType: "email",
    });
    expect(written.status).toBe(200);

    expect((await operator.post("/api/console/resend-verification", { userId: id })).status).toBe(
      200,
    );
    expect((await operator.post("/api/console/verify", { userId: id })).status).toBe(200);
    const verified = await accountView(id);
    expect(verified.account.emailVerified).toBe(true);
    expect(verified.account.credits).toBeGreaterThanOrEqual(1000);
    expect((await operator.post("/api/console/verify", { userId: id })).status).toBe(409);

    // The texts are listed without what they say; opening one is on purpose, and recorded.
    const detail = (await operator.get(`/api/console/account?id=${id}`)).body;
    expect(detail.texts).toHaveLength(1);
    expect(JSON.stringify(detail.texts)).not.toContain("Dear Ana");
    expect(detail.texts[0]).toMatchObject({ contentType: "email", language: "english" });
    const opened = await operator.post("/api/console/open-text", {
      generationId: detail.texts[0].id,
    });
    expect(opened.status).toBe(200);
    expect(opened.body.text).toContain("Dear Ana");

    const wrongAddress = await operator.post("/api/console/delete-account", {
      userId: id,
      email: "someone-else@example.com",
    });
    expect(wrongAddress.status).toBe(400);
    const deleted = await operator.post("/api/console/delete-account", {
      userId: id,
      email: user.email.toUpperCase(),
    });
    expect(deleted.status).toBe(200);
    expect((await user.client.get("/api/auth/me")).body.user ?? null).toBeNull();
    expect((await operator.get(`/api/console/account?id=${id}`)).status).toBe(404);

    const entries = (await auditEntries()).filter((entry) => entry.targetEmail === user.email);
    // The opened text is named by its subject, even now that its account is deleted.
    expect(opened.body.subject).toBeTruthy();
    expect(entries.find((entry) => entry.action === "open_text")).toMatchObject({
      targetEmail: user.email,
      textSubject: opened.body.subject,
    });
    const actions = entries.map((entry) => entry.action);
    expect(actions).toEqual([
      "delete_account",
      "open_text",
      "verify_account",
      "resend_verification",
    ]);

    // An operator's own account is not deleted from the console.
    const self = await operator.post("/api/console/delete-account", {
      userId: await userId(operator),
      email: OPERATOR,
    });
    expect(self.status).toBe(409);
  });

  it("approves a testimonial from the queue onto the home page's list", async () => {
    const visitor = new ApiClient(server.url);
    const name = `Kim ${randomUUID().slice(0, 6)}`;
    const submitted = await visitor.post("/api/testimonial/submit", {
      name,
      content: "It wrote my cover letter in a minute.",
      rating: 5,
    });
    expect(submitted.status).toBe(201);
    const queue = (await operator.get("/api/console/testimonials")).body.testimonials;
    const item = queue.find((t: { name: string }) => t.name === name);
    expect(item.sender).toMatch(/^[0-9a-f]{10}$/);
    expect(JSON.stringify(item)).not.toContain(visitor.address);

    const approved = await operator.post("/api/console/testimonials", {
      id: item.id,
      action: "approve",
    });
    expect(approved.status).toBe(200);
    const shown = (await visitor.get("/api/testimonials")).body.testimonials;
    expect(shown.map((t: { name: string }) => t.name)).toContain(name);
    expect((await auditEntries())[0]).toMatchObject({
      action: "approve_testimonial",
      detail: { testimonialId: item.id },
      testimonialName: name,
    });
    const twice = await operator.post("/api/console/testimonials", {
      id: item.id,
      action: "reject",
    });
    expect(twice.status).toBe(404);
  });
});

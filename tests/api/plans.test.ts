import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DEFAULT_PLAN, type PlanNumbers } from "#shared/plan.ts";
import { startChatFake } from "../fakes/chat-completions.ts";
import { ApiClient, signUp } from "../support/client.ts";
import {
  createStorage,
  startServer,
  usingPostgres,
  type RunningServer,
  type Storage,
} from "../support/server.ts";
import { useServer } from "../support/use-server.ts";

/**
 * Plans (issue 29, decision 071): the numbers an operator sets in the console are read on
 * each request; named plans reach accounts one by one or by e-mail domain, through the
 * ledger. On both databases; the second instance only on PostgreSQL.
 */
const OPERATOR = "plans-boss@example.com";
const writer = { text: "Dear Ana, thanks for the report. Best, Bo", model: "m" };
const request = { content: "A note to my neighbour.", language: "english", contentType: "letter" };

let operator: ApiClient;

const server = useServer({
  writer,
  env: { TRUSTED_PROXY: "1", OPERATOR_EMAILS: OPERATOR },
  ready: async (started) => {
    operator = (await signUp(started.url, true, OPERATOR)).client;
  },
});

async function userId(client: ApiClient): Promise<string> {
  return (await client.get("/api/auth/me")).body.user.id as string;
}

async function auditActions(client: ApiClient): Promise<string[]> {
  const entries = (await client.get("/api/console/audit")).body.entries as { action: string }[];
  return entries.map((entry) => entry.action);
}

describe("plan numbers out of range", () => {
  const refused: [string, Partial<Record<keyof PlanNumbers, unknown>>, string][] = [
    ["a negative allowance", { weeklyAllowance: -1 }, "weeklyAllowance"],
    ["a text that costs nothing", { costPerText: 0 }, "costPerText"],
    ["a cost not in tens", { costPerText: 15 }, "costPerText"],
    [
      "a trial larger than the allowance",
      { weeklyAllowance: 200, trialCredits: 300 },
      "trialCredits",
    ],
    ["a reset day past Saturday", { resetDay: 7 }, "resetDay"],
    ["a negative reset day", { resetDay: -1 }, "resetDay"],
    ["a fraction of an ad", { adsPerDay: 1.5 }, "adsPerDay"],
    ["a missing number", { adReward: undefined }, "adReward"],
    ["a number as text", { trialTextsPerNetwork: "10" }, "trialTextsPerNetwork"],
  ];

  it.each(refused)(
    "%s: 400 with the field's error, nothing saved or audited",
    async (_, change, field) => {
      const before = await auditActions(operator);
      const answer = await operator.post("/api/console/plan", { ...DEFAULT_PLAN, ...change });
      expect(answer.status).toBe(400);
      expect(answer.body).toMatchObject({ success: false, code: "VALIDATION_ERROR" });
      expect(Object.keys(answer.body.fieldErrors as object)).toContain(field);
      expect((await operator.get("/api/console/plan")).body.plan).toEqual(DEFAULT_PLAN);
      expect(await auditActions(operator)).toEqual(before);
    },
  );

  it("a named plan without a name or with a negative allowance: 400 by field", async () => {
    const answer = await operator.post("/api/console/named-plans", {
      name: " ",
      weeklyAllowance: -5,
    });
    expect(answer.status).toBe(400);
    expect(Object.keys(answer.body.fieldErrors as object).sort()).toEqual([
      "name",
      "weeklyAllowance",
    ]);
  });
});

describe("plans in force", () => {
  it("a named plan by domain applies when an address of that domain is verified", async () => {
    const made = await operator.post("/api/console/named-plans", {
      name: "School",
      weeklyAllowance: 5000,
    });
    expect(made.status).toBe(201);
    const again = await operator.post("/api/console/named-plans", {
      name: "school",
      weeklyAllowance: 10,
    });
    expect(again.status).toBe(409);
    const domain = "school.example";
    const set = await operator.post("/api/console/domain-plan", {
      domain: "School.Example",
      planId: made.body.id,
    });
    expect(set.status).toBe(200);

    const pupil = await signUp(server.url, false, `pupil@${domain}`);
    // Unverified, it has the trial like anyone.
    expect((await pupil.client.get("/api/credits/status")).body.credits).toBe(300);
    const verified = await signUp(server.url, true, `teacher@${domain}`);
    const status = (await verified.client.get("/api/credits/status")).body;
    expect(status).toMatchObject({ credits: 5000, packageBonus: 5000 });
    const other = await signUp(server.url, true, "someone@elsewhere.example");
    expect((await other.client.get("/api/credits/status")).body.credits).toBe(1000);

    const view = (await operator.get("/api/console/plan")).body;
    expect(view.namedPlans).toEqual([
      expect.objectContaining({ name: "School", accounts: 1, domains: [domain] }),
    ]);
    expect(await auditActions(operator)).toEqual(
      expect.arrayContaining(["create_plan", "set_domain_plan"]),
    );
  });

  it("an account given a larger plan is raised through the ledger, never by editing", async () => {
    const made = await operator.post("/api/console/named-plans", {
      name: "Team",
      weeklyAllowance: 2500,
    });
    const member = await signUp(server.url, true);
    const id = await userId(member.client);
    await member.client.post("/api/email/generate", request); // 900 left
    const given = await operator.post("/api/console/account-plan", {
      userId: id,
      planId: made.body.id,
    });
    expect(given.body).toMatchObject({ success: true, credits: 2500 });
    const detail = (await operator.get(`/api/console/account?id=${id}`)).body;
    expect(detail.account).toMatchObject({ credits: 2500, planId: made.body.id });
    expect(detail.ledgerSum).toBe(2500);
    expect(detail.activity[0]).toMatchObject({ reason: "operator_grant", delta: 1600 });
    // Back on the plan in force: nothing is taken back this week.
    const back = await operator.post("/api/console/account-plan", { userId: id, planId: null });
    expect(back.body.credits).toBe(2500);
    expect((await member.client.get("/api/credits/status")).body.packageBonus).toBe(1000);
  });

  it("changed numbers reach the credit status and the price of the next text", async () => {
    const numbers = {
      weeklyAllowance: 2000,
      costPerText: 50,
      trialCredits: 150,
      trialTextsPerNetwork: 4,
      adReward: 25,
      adsPerDay: 2,
      resetDay: 4,
    };
    const saved = await operator.post("/api/console/plan", numbers);
    expect(saved.status).toBe(200);
    const { client } = await signUp(server.url, true);
    const status = (await client.get("/api/credits/status")).body;
    expect(status).toMatchObject({
      credits: 2000,
      packageBonus: 2000,
      costPerUse: 50,
      adsPerDay: 2,
      plan: numbers,
    });
    expect(new Date(status.nextResetTime as string).getUTCDay()).toBe(4);
    const text = await client.post("/api/email/generate", request);
    expect(text.status).toBe(200);
    expect(text.body.credits).toBe(1950);
    const guest = (await new ApiClient(server.url).get("/api/credits/status")).body;
    expect(guest).toMatchObject({ credits: 150, costPerUse: 50, trialLeftOnNetwork: 4 });
    expect(await auditActions(operator)).toContain("change_plan");
    await operator.post("/api/console/plan", DEFAULT_PLAN);
  });
});

/** Two instances on one PostgreSQL database: a change on one is the other's next answer. */
describe.runIf(usingPostgres)("plans across instances", () => {
  let storage: Storage;
  let a: RunningServer;
  let b: RunningServer;
  let fake: Awaited<ReturnType<typeof startChatFake>>;

  beforeAll(async () => {
    fake = await startChatFake(writer);
    storage = await createStorage();
    const env = {
      TRUSTED_PROXY: "1",
      OPERATOR_EMAILS: OPERATOR,
      OPENAI_COMPAT_BASE_URL: `${fake.url}/v1`,
    };
    [a, b] = await Promise.all([startServer(storage, { env }), startServer(storage, { env })]);
  });

  afterAll(async () => {
    await fake?.close();
    await Promise.all([a?.stop(), b?.stop()]);
    await storage?.cleanup();
  });

  it("an allowance and a cost changed on one instance price the next text on the other", async () => {
    const boss = (await signUp(a.url, true, OPERATOR)).client;
    const { token } = await signUp(b.url, true);
    const onB = new ApiClient(b.url);
    // Read once on B before the change: nothing B remembers may outlive it.
    expect((await onB.get("/api/credits/status", { bearer: token })).body.costPerUse).toBe(100);
    const saved = await boss.post("/api/console/plan", {
      ...DEFAULT_PLAN,
      weeklyAllowance: 3000,
      costPerText: 200,
    });
    expect(saved.status).toBe(200);
    const status = (await onB.get("/api/credits/status", { bearer: token })).body;
    expect(status).toMatchObject({ costPerUse: 200, packageBonus: 3000, credits: 1000 });
    const text = await onB.post("/api/email/generate", request, { bearer: token });
    expect(text.status).toBe(200);
    expect(text.body.credits).toBe(800);
    const fresh = await signUp(b.url, true);
    expect((await fresh.client.get("/api/credits/status")).body.credits).toBe(3000);
  });
});

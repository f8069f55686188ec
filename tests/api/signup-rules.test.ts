import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DAY_MS } from "#server/clock.ts";
import { AppError } from "#server/errors.ts";
import { registerKeepingGuestTexts } from "#server/registration/register.ts";
import { createInvite } from "#server/signup/invites.ts";
import { writeSignupRules } from "#server/signup/rules.ts";
import { ApiClient, signUp } from "../support/client.ts";
import {
  createStorage,
  startServer,
  usingPostgres,
  type RunningServer,
  type Storage,
} from "../support/server.ts";
import { useDatabase } from "../support/use-database.ts";
import { useServer } from "../support/use-server.ts";

/**
 * Sign-up rules (issue 29, item 2): open, invite-only, or listed e-mail domains; invites
 * with a number of uses and an expiry; a refusal says why, judged before anything that
 * could tell an address with an account from one without (decision 058).
 */
const OPERATOR = "rules-boss@example.com";
const PASSWORD = "violet-harbor-42";
const inAWeek = () => new Date(Date.now() + 7 * DAY_MS).toISOString();

let operator: ApiClient;
let someone: ApiClient;
let someoneEmail: string;

const server = useServer({
  env: { TRUSTED_PROXY: "1", OPERATOR_EMAILS: OPERATOR },
  ready: async (started) => {
    operator = (await signUp(started.url, true, OPERATOR)).client;
    ({ client: someone, email: someoneEmail } = await signUp(started.url, true));
  },
});

function register(baseUrl: string, email: string, invite?: string) {
  return new ApiClient(baseUrl).post("/api/auth/register", {
    email,
    password: PASSWORD,
    confirmPassword: PASSWORD,
    ...(invite === undefined ? {} : { invite }),
  });
}

const fresh = (domain = "example.com") =>
  `new-${Math.random().toString(36).slice(2, 10)}@${domain}`;

async function setRules(client: ApiClient, mode: string, domains: string[] = []) {
  const response = await client.post("/api/console/signup", { mode, domains });
  expect(response.status, JSON.stringify(response.body)).toBe(200);
  return response;
}

/** A new invite's token, from the link the answer shows once. */
async function makeInvite(client: ApiClient, maxUses: number, label?: string): Promise<string> {
  const response = await client.post("/api/console/signup/invites", {
    maxUses,
    expiresAt: inAWeek(),
    label,
  });
  expect(response.status, JSON.stringify(response.body)).toBe(201);
  return new URL(response.body.url).searchParams.get("invite")!;
}

/** What a refusal shows a client. */
const seen = (response: { status: number; body: Record<string, unknown> }) => ({
  status: response.status,
  body: response.body,
});

describe("sign-up rules through the API", () => {
  it("is open by default", async () => {
    const overview = await operator.get("/api/console/signup");
    expect(overview.body.rules).toEqual({ mode: "open", domains: [], updatedAt: null });
    expect((await register(server.url, fresh())).status).toBe(201);
  });

  it("invite-only refuses a sign-up without a valid invite and accepts one with an invite", async () => {
    await setRules(operator, "invite");
    const without = await register(server.url, fresh());
    expect(without.status).toBe(403);
    expect(without.body).toMatchObject({ code: "FORBIDDEN", reason: "signupInviteNeeded" });
    expect(without.headers.getSetCookie()).toEqual([]);
    const forged = await register(server.url, fresh(), "a".repeat(32));
    expect(forged.body.reason).toBe("signupInviteInvalid");
    const malformed = await register(server.url, fresh(), "<script>");
    expect([malformed.status, malformed.body.reason]).toEqual([403, "signupInviteInvalid"]);

    const invite = await makeInvite(operator, 1, "for Ana");
    const withInvite = await register(server.url, fresh(), invite);
    expect(withInvite.status).toBe(201);
    expect(withInvite.body.token).toEqual(expect.any(String));
    await setRules(operator, "open");
  });

  it("the refusal is the same for a new address and for one that has an account", async () => {
    await setRules(operator, "invite");
    const taken = await register(server.url, someoneEmail);
    const free = await register(server.url, fresh());
    expect(seen(taken)).toEqual(seen(free));
    expect(taken.headers.getSetCookie()).toEqual(free.headers.getSetCookie());
    await setRules(operator, "domains", ["school.edu"]);
    expect(seen(await register(server.url, someoneEmail))).toEqual(
      seen(await register(server.url, fresh())),
    );
    await setRules(operator, "open");
  });

  it("an invite used for an address with an account is used all the same", async () => {
    await setRules(operator, "invite");
    const invite = await makeInvite(operator, 1);
    expect((await register(server.url, someoneEmail, invite)).status).toBe(201);
    const again = await register(server.url, fresh(), invite);
    expect([again.status, again.body.reason]).toEqual([403, "signupInviteUsedUp"]);
    await setRules(operator, "open");
  });

  it("a limited-use invite is used up, and of two sign-ups on its last use one wins", async () => {
    await setRules(operator, "invite");
    const invite = await makeInvite(operator, 2);
    expect((await register(server.url, fresh(), invite)).status).toBe(201);
    const race = await Promise.all([
      register(server.url, fresh(), invite),
      register(server.url, fresh(), invite),
    ]);
    expect(race.map((r) => r.status).sort()).toEqual([201, 403]);
    expect(race.find((r) => r.status === 403)!.body).toMatchObject({
      reason: "signupInviteUsedUp",
      message:
        "This invite link has been used as many times as it allows. Please ask for a new one.",
    });
    const listed = await operator.get("/api/console/signup");
    const row = listed.body.invites.find((i: { maxUses: number; uses: number }) => i.maxUses === 2);
    expect(row).toMatchObject({ uses: 2, state: "usedUp" });
    await setRules(operator, "open");
  });

  it("a refused password gives the invite's use back", async () => {
    await setRules(operator, "invite");
    const invite = await makeInvite(operator, 1);
    const common = await new ApiClient(server.url).post("/api/auth/register", {
      email: fresh(),
      password: "password",
      confirmPassword: "password",
      invite,
    });
    expect([common.status, common.body.reason]).toEqual([400, "commonPassword"]);
    expect((await register(server.url, fresh(), invite)).status).toBe(201);
    await setRules(operator, "open");
  });

  it("a revoked invite is refused", async () => {
    await setRules(operator, "invite");
    const invite = await makeInvite(operator, 5, "to revoke");
    const { body } = await operator.get("/api/console/signup");
    const id = body.invites.find((i: { label: string }) => i.label === "to revoke").id;
    const revoked = await operator.request("DELETE", `/api/console/signup/invites/${id}`);
    expect(revoked.status).toBe(200);
    expect(revoked.body.invite.state).toBe("revoked");
    const audit = await operator.get("/api/console/audit");
    expect(audit.body.entries[0]).toMatchObject({
      action: "revoke_invite",
      operatorEmail: OPERATOR,
      detail: { inviteId: id, label: "to revoke" },
    });
    const refused = await register(server.url, fresh(), invite);
    expect([refused.status, refused.body.reason]).toEqual([403, "signupInviteInvalid"]);
    expect((await operator.request("DELETE", "/api/console/signup/invites/nope")).status).toBe(404);
    await setRules(operator, "open");
  });

  it("the domain rule refuses other domains, case-insensitively, unless with an invite", async () => {
    const saved = await setRules(operator, "domains", [" @School.EDU ", "example.org"]);
    expect(saved.body.rules.domains).toEqual(["school.edu", "example.org"]);
    expect((await register(server.url, fresh("SCHOOL.edu"))).status).toBe(201);
    expect((await register(server.url, fresh("example.org"))).status).toBe(201);
    const other = await register(server.url, fresh("gmail.com"));
    expect(other.status).toBe(403);
    expect(other.body).toMatchObject({ reason: "signupDomainNotAllowed" });
    const sub = await register(server.url, fresh("cs.school.edu"));
    expect(sub.body.reason).toBe("signupDomainNotAllowed");
    const invite = await makeInvite(operator, 1);
    expect((await register(server.url, fresh("gmail.com"), invite)).status).toBe(201);
    await setRules(operator, "open");
  });

  it("refuses bad rules and invites with fieldErrors", async () => {
    const cases: [string, unknown, string][] = [
      ["/api/console/signup", { mode: "domains", domains: ["not a domain"] }, "domains"],
      ["/api/console/signup", { mode: "domains", domains: ["x.com", "-bad-.com"] }, "domains"],
      ["/api/console/signup", { mode: "domains", domains: [] }, "domains"],
      ["/api/console/signup", { mode: "everyone" }, "mode"],
      ["/api/console/signup/invites", { maxUses: 0, expiresAt: inAWeek() }, "maxUses"],
      ["/api/console/signup/invites", { maxUses: 1.5, expiresAt: inAWeek() }, "maxUses"],
      [
        "/api/console/signup/invites",
        { maxUses: 1, expiresAt: "2020-01-01T00:00:00Z" },
        "expiresAt",
      ],
      ["/api/console/signup/invites", { maxUses: 1, expiresAt: "tomorrow" }, "expiresAt"],
    ];
    for (const [path, body, field] of cases) {
      const response = await operator.post(path, body);
      expect(response.status, JSON.stringify(body)).toBe(400);
      expect(Object.keys(response.body.fieldErrors ?? {}), JSON.stringify(body)).toContain(field);
    }
    expect((await operator.get("/api/console/signup")).body.rules.mode).toBe("open");
  });

  it("records each change in the audit", async () => {
    await setRules(operator, "invite");
    await makeInvite(operator, 3, "audited");
    await setRules(operator, "open");
    const audit = await operator.get("/api/console/audit");
    const actions = audit.body.entries.map((e: { action: string }) => e.action);
    expect(actions.slice(0, 3)).toEqual(["set_signup_rules", "create_invite", "set_signup_rules"]);
  });

  it("refuses everyone but an operator on the console's sign-up endpoints", async () => {
    const calls: [string, string, unknown?][] = [
      ["GET", "/api/console/signup"],
      ["POST", "/api/console/signup", { mode: "invite" }],
      ["POST", "/api/console/signup/invites", { maxUses: 1, expiresAt: inAWeek() }],
      ["DELETE", "/api/console/signup/invites/00000000-0000-4000-8000-000000000000"],
    ];
    for (const client of [someone, new ApiClient(server.url)]) {
      for (const [method, path, json] of calls) {
        const response = await client.request(method, path, json === undefined ? {} : { json });
        expect(response.status, `${method} ${path}`).toBe(404);
      }
    }
    expect((await operator.get("/api/console/signup")).body.rules.mode).toBe("open");
  });
});

describe("sign-up rules on a moved clock", () => {
  const database = useDatabase();
  const now = new Date("2026-12-01T10:00:00Z");
  const operatorRow = { id: null, email: "clock-boss@example.com" };

  it("an expired invite is refused with its reason, and a live one admits", async () => {
    const { db } = database;
    await writeSignupRules(db, { mode: "invite", domains: [] }, now);
    const { token } = await createInvite(
      db,
      { maxUses: 5, expiresAt: new Date(now.getTime() + DAY_MS), label: null },
      operatorRow,
      now,
    );
    const input = (email: string) => ({
      email,
      password: PASSWORD,
      confirmPassword: PASSWORD,
      name: undefined,
      invite: token,
    });
    const before = await registerKeepingGuestTexts(
      db,
      input("in-time@example.com"),
      now,
      undefined,
    );
    expect(before.created).toBe(true);
    const later = new Date(now.getTime() + DAY_MS + 1);
    const refused = await registerKeepingGuestTexts(db, input("late@example.com"), later, undefined)
      .then(() => null)
      .catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(AppError);
    expect(refused).toMatchObject({ status: 403, reason: "signupInviteExpired" });
  });
});

/** A rule or an invite changed on one instance holds on another at once (DESIGN §9). */
describe.runIf(usingPostgres)("sign-up rules across two instances", () => {
  let storage: Storage;
  let a: RunningServer;
  let b: RunningServer;
  let boss: ApiClient;

  beforeAll(async () => {
    storage = await createStorage();
    const env = { TRUSTED_PROXY: "1", OPERATOR_EMAILS: OPERATOR };
    [a, b] = await Promise.all([startServer(storage, { env }), startServer(storage, { env })]);
    boss = (await signUp(a.url, true, OPERATOR)).client;
  });

  afterAll(async () => {
    await Promise.all([a?.stop(), b?.stop()]);
    await storage?.cleanup();
  });

  it("a rule set on one instance applies on the other, and so does a revoked invite", async () => {
    expect((await register(b.url, fresh())).status).toBe(201);
    await setRules(boss, "invite");
    expect((await register(b.url, fresh())).body.reason).toBe("signupInviteNeeded");
    await setRules(boss, "domains", ["example.net"]);
    expect((await register(b.url, fresh("example.net"))).status).toBe(201);
    expect((await register(b.url, fresh())).body.reason).toBe("signupDomainNotAllowed");

    const invite = await makeInvite(boss, 3, "two instances");
    expect((await register(b.url, fresh(), invite)).status).toBe(201);
    const { body } = await boss.get("/api/console/signup");
    const id = body.invites.find((i: { label: string }) => i.label === "two instances").id;
    expect((await boss.request("DELETE", `/api/console/signup/invites/${id}`)).status).toBe(200);
    expect((await register(b.url, fresh(), invite)).body.reason).toBe("signupInviteInvalid");
    await setRules(boss, "open");
    expect((await register(b.url, fresh())).status).toBe(201);
  });

  it("two instances racing for an invite's last use make one account", async () => {
    await setRules(boss, "invite");
    const invite = await makeInvite(boss, 1);
    const race = await Promise.all([
      register(a.url, fresh(), invite),
      register(b.url, fresh(), invite),
    ]);
    expect(race.map((r) => r.status).sort()).toEqual([201, 403]);
    expect(race.find((r) => r.status === 403)!.body.reason).toBe("signupInviteUsedUp");
    await setRules(boss, "open");
  });
});

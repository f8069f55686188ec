import { describe, expect, it } from "vitest";
import { weekKey } from "#server/credits/allowances.ts";
import { ApiClient, outboxLink, pathOf, signUp } from "../support/client.ts";
import { useServer } from "../support/use-server.ts";

/**
 * Decision 084 (issue 40, items 3, 7 and 8), as a client sees it: a deleted account's week
 * stays with its address, trial texts count when written, not while kept, and an unverified
 * account is told before its first attempt that its network's trial texts are used up.
 */
const PASSWORD = "violet-harbor-42";
const request = { content: "A note to my neighbours", language: "english", contentType: "email" };

const server = useServer({
  writer: { text: "Dear neighbours, thank you.", model: "fake-model" },
  env: { TRUSTED_PROXY: "1" },
});

/** Each test's clients come from addresses of their own (IPv4: no /64 shared by accident). */
const at = (address: string) => new ApiClient(server.url, address);

async function register(client: ApiClient, email: string) {
  const response = await client.post("/api/auth/register", {
    email,
    password: PASSWORD,
    confirmPassword: PASSWORD,
  });
  expect(response.status).toBe(201);
  return response;
}

async function status(client: ApiClient) {
  const response = await client.get("/api/credits/status");
  expect(response.status).toBe(200);
  return response.body;
}

/** Trial texts new guests of `address` write, each until refused, until one cannot start. */
async function guestTextsFrom(address: string): Promise<number> {
  let written = 0;
  for (let guest = 0; guest < 12; guest++) {
    const client = at(address);
    let wroteAny = false;
    for (let text = 0; text < 3; text++) {
      const response = await client.post("/api/email/generate", request);
      if (response.status !== 200) {
        expect(response.status).toBe(402);
        break;
      }
      written++;
      wroteAny = true;
    }
    if (!wroteAny) return written;
  }
  throw new Error("guests never ran out of trial texts");
}

/** Verified, with `credits`: what was left when the account was deleted in `weekBefore`. */
async function expectVerifiedWith(client: ApiClient, credits: number, weekBefore: string) {
  const verified = await status(client);
  expect(verified.isVerified).toBe(true);
  // A Monday between the deletion and this line would rightly grant a new week.
  if (weekKey(new Date()) !== weekBefore) return;
  expect(verified.credits).toBe(credits);
}

describe("the allowance follows the address", () => {
  it("delete and register again within the week: no more credits than were left", async () => {
    const weekBefore = weekKey(new Date());
    const { client, email } = await signUp(server.url, true);
    for (let i = 0; i < 3; i++) {
      expect((await client.post("/api/email/generate", request)).status).toBe(200);
    }
    expect((await status(client)).credits).toBe(700);
    const firstLink = await outboxLink(server.url, email, "verify-email");
    expect((await client.post("/api/auth/delete-account", { password: PASSWORD })).status).toBe(
      200,
    );

    const again = at("198.51.100.11");
    await register(again, email);
    // Unverified: the usual 300, no more than the 700 left.
    expect((await status(again)).credits).toBe(300);
    const link = await outboxLink(server.url, email, "verify-email", firstLink);
    await again.get(pathOf(link));
    await expectVerifiedWith(again, 700, weekBefore);
  });
});

describe("one mailbox, one allowance", () => {
  it("a.b+x@gmail.com deleted, then ab@gmail.com verified: no more than was left", async () => {
    const weekBefore = weekKey(new Date());
    const tag = Date.now().toString(36);
    // Dotted and tagged, then plain: two spellings of one Gmail mailbox.
    const spelled = `m.${tag}+x@gmail.com`;
    const plain = `m${tag}@gmail.com`;
    const first = at("198.51.100.40");
    await register(first, spelled);
    await first.get(pathOf(await outboxLink(server.url, spelled, "verify-email")));
    expect((await status(first)).credits).toBe(1000);
    for (let i = 0; i < 4; i++) {
      expect((await first.post("/api/email/generate", request)).status).toBe(200);
    }
    expect((await status(first)).credits).toBe(600);
    expect((await first.post("/api/auth/delete-account", { password: PASSWORD })).status).toBe(200);

    const again = at("198.51.100.41");
    const answer = await register(again, plain);
    // The answer says nothing about the mailbox's past (decision 058).
    expect(answer.body).toEqual({
      success: true,
      token: expect.any(String),
      isVerified: false,
      message: "Registration successful. Please check your email to verify your account.",
    });
    await again.get(pathOf(await outboxLink(server.url, plain, "verify-email")));
    await expectVerifiedWith(again, 600, weekBefore);
  });
});

describe("the trial cap counts texts written, not texts kept", () => {
  it("trial texts moved into an account and deleted still count toward the trial cap", async () => {
    const address = "198.51.100.20";
    const browser = at(address);
    for (let i = 0; i < 3; i++) {
      expect((await browser.post("/api/email/generate", request)).status).toBe(200);
    }
    // Registering from the same browser moves the three texts into the account...
    await register(browser, `moved-${Date.now()}@example.com`);
    const history = await browser.get("/api/email/my");
    expect(history.body.generations).toHaveLength(3);
    // ...where they are deleted.
    for (const text of history.body.generations as { id: string }[]) {
      expect((await browser.request("DELETE", `/api/email/delete/${text.id}`)).status).toBe(200);
    }
    expect((await browser.get("/api/email/my")).body.generations).toEqual([]);
    // The address wrote three of its ten today: seven are left, not ten.
    expect(await guestTextsFrom(address)).toBe(7);
  });
});

describe("an unverified account at a used-up address", () => {
  it("is told before its first attempt that no trial text is left on its network", async () => {
    const address = "198.51.100.30";
    const elsewhere = at("198.51.100.31");
    await register(elsewhere, `elsewhere-${Date.now()}@example.com`);
    expect(await status(elsewhere)).toMatchObject({
      credits: 300,
      hasCredits: true,
      isVerified: false,
      trialLeftOnNetwork: 10,
      noTextReason: null,
    });

    expect(await guestTextsFrom(address)).toBe(10);
    const account = at(address);
    await register(account, `campus-${Date.now()}@example.com`);
    expect(await status(account)).toMatchObject({
      credits: 300,
      hasCredits: false,
      isGuest: false,
      isVerified: false,
      trialLeftOnNetwork: 0,
      noTextReason: "networkTrialUsedUp",
    });
    // What the status said is what the first attempt meets.
    const refused = await account.post("/api/email/generate", request);
    expect(refused.status).toBe(402);
    expect(refused.body).toMatchObject({ code: "INSUFFICIENT_CREDITS", isGuest: false });
    // A guest there is told the same; the account elsewhere still has its network's ten.
    expect(await status(at(address))).toMatchObject({
      hasCredits: false,
      noTextReason: "networkTrialUsedUp",
    });
    expect((await status(elsewhere)).trialLeftOnNetwork).toBe(10);
  });

  it("a verified account is no trial writer: no network figure, no reason", async () => {
    const { client } = await signUp(server.url, true);
    expect(await status(client)).toMatchObject({
      hasCredits: true,
      trialLeftOnNetwork: null,
      noTextReason: null,
    });
  });
});

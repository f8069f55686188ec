import { request as httpRequest } from "node:http";
import { randomBytes } from "node:crypto";
import { describe, expect, it } from "vitest";
import { ApiClient, signUp } from "../support/client.ts";
import { useServer } from "../support/use-server.ts";

/**
 * Issue 40: every per-address limit counts an IPv6 client by its /64 and one address by
 * one key however it is written; a bearer token that is no live session is refused, not
 * served as a guest; a path with an encoded `%` reaches no endpoint. The server trusts
 * loopback proxies, so each client's address is what its X-Forwarded-For says.
 */
const TRIAL_CAP = 10;
/** Registrations an hour from one network: a classroom's (decision 085). */
const REGISTRATIONS_PER_HOUR = 50;
const request = { content: "A note to the team", language: "english", contentType: "email" };

const server = useServer({
  // An AI writer, so that each text is a paid trial text (template drafts are free).
  writer: { text: "Dear team, thank you. Ana", model: "m" },
  env: { TRUSTED_PROXY: "1" },
});

/** Texts a new guest (no cookie yet) from `address` writes before it is refused. */
async function guestTexts(address: string): Promise<number> {
  const guest = new ApiClient(server.url, address);
  let written = 0;
  for (let i = 0; i < 4; i++) {
    const answer = await guest.post("/api/email/generate", request);
    if (answer.status !== 200) {
      expect(answer.status).toBe(402);
      break;
    }
    expect(answer.body.content).toBeTruthy();
    written++;
  }
  return written;
}

describe("addresses are compared as networks", () => {
  it("16 guests from one IPv6 /64 share one trial: at most the cap in all", async () => {
    let written = 0;
    for (let i = 1; i <= 16; i++) written += await guestTexts(`2001:db8:40:1::${i.toString(16)}`);
    expect(written).toBe(TRIAL_CAP);
    // The next /64 is another subscriber, with a trial of its own.
    expect(await guestTexts("2001:db8:40:2::1")).toBe(3);
  });

  it.each([
    [
      "an IPv6 address",
      ["2001:db8:41::1", "2001:0db8:41:0::1", "2001:DB8:41::1", "2001:db8:41:0:0:0:0:1"],
    ],
    [
      "an IPv4 address",
      ["192.0.2.41", "::ffff:192.0.2.41", "::FFFF:c000:229", "0:0:0:0:0:ffff:192.0.2.41"],
    ],
  ])("%s written four ways counts as one", async (_, spellings) => {
    let written = 0;
    // Two guests a spelling: 24 texts if each spelling were an address of its own.
    for (const address of spellings)
      written += (await guestTexts(address)) + (await guestTexts(address));
    expect(written).toBe(TRIAL_CAP);
  });

  it("a classroom of 50 registers from one /64, the 51st is refused, and they share 10 trial texts", async () => {
    const password = "violet-harbor-42";
    const statuses: number[] = [];
    const accounts: ApiClient[] = [];
    for (let i = 1; i <= REGISTRATIONS_PER_HOUR + 1; i++) {
      const email = `net-${i}-${randomBytes(4).toString("hex")}@example.com`;
      const client = new ApiClient(server.url, `2001:db8:42:7::${i.toString(16)}`);
      const answer = await client.post("/api/auth/register", {
        email,
        password,
        confirmPassword: password,
      });
      statuses.push(answer.status);
      if (answer.status === 201) accounts.push(client);
      if (answer.status === 429) expect(answer.headers.get("retry-after")).toMatch(/^\d+$/);
    }
    expect(statuses).toEqual([...Array<number>(REGISTRATIONS_PER_HOUR).fill(201), 429]);
    // Unverified, each account's credits are the trial's, and the network's trial is shared.
    let written = 0;
    for (const account of accounts) {
      const answer = await account.post("/api/email/generate", request);
      if (answer.status === 200) written++;
      else expect(answer.status).toBe(402);
    }
    expect(written).toBe(TRIAL_CAP);
  });
});

describe("a bearer token that is no live session", () => {
  const forged = () => `${randomBytes(16).toString("hex")}.${randomBytes(16).toString("hex")}`;

  it("is refused with 401 on generate, and no guest is made nor trial text spent", async () => {
    const client = new ApiClient(server.url, "2001:db8:43:1::1");
    const asked = server.writer.requests.length;
    const answer = await client.post("/api/email/generate", request, { bearer: forged() });
    expect(answer.status).toBe(401);
    expect(answer.body).toMatchObject({ success: false, code: "UNAUTHORIZED" });
    // No guest cookie, and the writer was never asked.
    expect(client.cookies.size).toBe(0);
    expect(server.writer.requests.length).toBe(asked);
  });

  it("is refused with 401 on every reading and writing endpoint once revoked", async () => {
    const { client, token } = await signUp(server.url, true);
    expect((await client.post("/api/auth/logout", {}, { bearer: token })).status).toBe(200);
    const stranger = new ApiClient(server.url);
    for (const [method, path, json] of [
      ["POST", "/api/email/generate", request],
      ["GET", "/api/credits/status", undefined],
      ["GET", "/api/email/my", undefined],
      ["GET", "/api/auth/me", undefined],
      ["GET", "/api/testimonials", undefined],
    ] as const) {
      const answer = await stranger.request(method, path, { json, bearer: token });
      expect(answer.status, `${method} ${path}`).toBe(401);
      expect(answer.body).toMatchObject({ success: false, code: "UNAUTHORIZED" });
    }
  });
});

/** One request from loopback with its target exactly as written. */
function rawGet(path: string): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const req = httpRequest(
      { host: "127.0.0.1", port: server.port, method: "GET", path },
      (res) => {
        let body = "";
        res.setEncoding("utf8");
        res.on("data", (part: string) => (body += part));
        res.on("end", () => resolve({ status: res.statusCode ?? 0, body }));
      },
    );
    req.on("error", reject);
    req.end();
  });
}

describe("paths encoded more than once", () => {
  it.each([
    "/%2561pi/auth/me",
    "/%252561pi/auth/me",
    "/%25252561pi/credits/status",
    "/api/auth/%256De",
    "/api/credits/%2573tatus",
  ])("%s reaches no endpoint: 400 in JSON", async (path) => {
    const answer = await rawGet(path);
    expect(answer.status).toBe(400);
    expect(JSON.parse(answer.body)).toMatchObject({ success: false, code: "BAD_REQUEST" });
  });

  it("while the same address encoded once is the endpoint", async () => {
    expect((await rawGet("/%61pi/auth/me")).status).toBe(200);
  });
});

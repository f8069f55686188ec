import { randomUUID } from "node:crypto";
import { readFileSync } from "node:fs";
import { beforeEach, describe, expect, it } from "vitest";
import { COST_PER_USE } from "#shared/credits.ts";
import { signUp, type ApiClient } from "../support/client.ts";
import { QUARTERLY_EMAIL, expectTemplateDraft } from "../support/generate.ts";
import { freePort } from "../support/inspector.ts";
import { growth, readMetricsText, sample } from "../support/metrics.ts";
import { waitForLog } from "../support/server.ts";
import { useServer } from "../support/use-server.ts";
import { untilTime, waitFor } from "../support/wait.ts";

const TOKEN = "metrics-test-token-0123456789";
const TEXT = "Hello all, here is the draft about the quarterly results. Thanks, Ana";
const request = QUARTERLY_EMAIL;

// A proxy on loopback is trusted, as nginx on the same machine would be.
const server = useServer({
  writer: { text: TEXT, model: "llama3.2" },
  env: { TRUSTED_PROXY: "1", METRICS_TOKEN: TOKEN },
});

beforeEach(() => server.writer.setMode("ok"));

function readMetrics(headers: Record<string, string> = {}): Promise<Response> {
  return fetch(`${server.url}/metrics`, { headers });
}

const metricsText = () => readMetricsText(server.url);

/** The histograms of a text's time to its first words and to its end, by writer. */
const timings = ["aitext_text_first_token_seconds", "aitext_text_duration_seconds"];

/** A histogram's bucket bounds for one writer, as /metrics lists them. */
function bucketBounds(text: string, name: string, writer: string): string[] {
  return text
    .split("\n")
    .filter((line) => line.startsWith(`${name}_bucket{`) && line.includes(`writer="${writer}"`))
    .map((line) => /le="([^"]+)"/.exec(line)![1]!);
}

const writerError = (writer: string, reason = "http_5xx") => ({ writer, reason });

const generateRequests = (text: string, status: string) =>
  sample(text, "aitext_http_request_duration_seconds_count", {
    method: "POST",
    route: "/api/email/generate",
    status,
  });

describe("/metrics", () => {
  it("lists every metric the Grafana dashboard uses, and the process's", async () => {
    const response = await readMetrics();
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toContain("text/plain; version=0.0.4");
    const text = await response.text();
    const dashboard = readFileSync("deploy/grafana-dashboard.json", "utf8");
    const used = new Set(
      [...dashboard.matchAll(/\b((?:aitext|process|nodejs)_\w+)/g)].map((m) =>
        m[1]!.replace(/_(bucket|count|sum)$/, ""),
      ),
    );
    expect(used.size).toBeGreaterThan(10);
    for (const name of used) expect(text, name).toMatch(new RegExp(`^# TYPE ${name} `, "m"));
    for (const name of ["aitext_generations_total", "aitext_credits_refunded_total"]) {
      expect(text).toMatch(new RegExp(`^# TYPE ${name} counter`, "m"));
    }
    // LOCAL_MODEL is off in tests.
    expect(sample(text, "aitext_local_writer_state", { state: "off" })).toBe(1);
    expect(sample(text, "aitext_local_writer_state", { state: "ready" })).toBe(0);
  });

  it("counts a written text: its request, its writer and outcome, the credits charged", async () => {
    const { client } = await signUp(server.url, true);
    const before = await metricsText();
    const response = await client.post("/api/email/generate", request);
    expect(response.body).toMatchObject({ success: true, modelUsed: "localai", content: TEXT });

    const after = await waitFor(
      "the text's request on /metrics",
      metricsText,
      // Observed once its answer has ended, which the client may see first.
      {
        done: (text) =>
          generateRequests(text, "200") === generateRequests(before, "200") + 1 &&
          growth(before, text, "aitext_text_duration_seconds_count", { writer: "localai" }) === 1,
      },
    );
    const finished = { writer: "localai", outcome: "finished" };
    expect(growth(before, after, "aitext_generations_total", finished)).toBe(1);
    expect(growth(before, after, "aitext_credits_charged_total")).toBe(COST_PER_USE);
    expect(growth(before, after, "aitext_credits_refunded_total")).toBe(0);
    for (const name of timings) {
      expect(growth(before, after, `${name}_count`, { writer: "localai" }), name).toBe(1);
    }
    expect(growth(before, after, "aitext_writer_errors_total", writerError("localai"))).toBe(0);
  });

  it("counts a text no writer wrote as failed, and its credits as refunded", async () => {
    server.writer.setMode("error");
    const { client } = await signUp(server.url, true);
    const before = await metricsText();
    const response = await client.post("/api/email/generate", request);
    expect(response.status).toBe(503);

    const after = await metricsText();
    const failed = { writer: "localai", outcome: "failed" };
    expect(growth(before, after, "aitext_generations_total", failed)).toBe(1);
    expect(growth(before, after, "aitext_credits_charged_total")).toBe(COST_PER_USE);
    expect(growth(before, after, "aitext_credits_refunded_total")).toBe(COST_PER_USE);
    // The fake answered 500; a text no writer wrote has no timings.
    expect(growth(before, after, "aitext_writer_errors_total", writerError("localai"))).toBe(1);
    for (const name of timings) {
      expect(growth(before, after, `${name}_count`, { writer: "localai" }), name).toBe(0);
    }
  });

  it("labels a request by its route's pattern, never by its address", async () => {
    const { client } = await signUp(server.url, true);
    const ids = [crypto.randomUUID(), crypto.randomUUID()];
    const statuses = [];
    for (const id of ids) statuses.push((await client.get(`/api/voices/${id}`)).status);
    expect(statuses[0]).toBe(statuses[1]);
    const labels = { method: "GET", route: "/api/voices/[id]", status: String(statuses[0]) };
    const text = await waitFor("the voice requests on /metrics", metricsText, {
      done: (text) => sample(text, "aitext_http_request_duration_seconds_count", labels) >= 2,
    });
    for (const id of ids) expect(text).not.toContain(id);
  });

  it("is the 404 page for a client a trusted proxy forwarded from elsewhere, without the token", async () => {
    const remote = { "x-forwarded-for": "203.0.113.9" };
    const refused = await readMetrics(remote);
    expect(refused.status).toBe(404);
    const page = await refused.text();
    expect(page).not.toContain("aitext_");
    // The same page as at an address the site does not have.
    const unknown = await fetch(`${server.url}/no-such-page`);
    expect(refused.headers.get("content-type")).toBe(unknown.headers.get("content-type"));

    expect((await readMetrics({ ...remote, authorization: `Bearer ${TOKEN}x` })).status).toBe(404);
    const allowed = await readMetrics({ ...remote, authorization: `Bearer ${TOKEN}` });
    expect(allowed.status).toBe(200);
    expect(await allowed.text()).toContain("aitext_generations_total");
  });

  it("is the 404 page for a loopback request that a proxy forwarded, even from loopback", async () => {
    // X-Forwarded-For says a proxy sent it: the client behind it may be anywhere.
    expect((await readMetrics({ "x-forwarded-for": "127.0.0.1" })).status).toBe(404);
    expect((await readMetrics({ forwarded: "for=127.0.0.1" })).status).toBe(404);
  });
});

describe("the timings and failures of a hosted writer", () => {
  // Mistral first, then an OpenAI-compatible server at a port nobody listens on.
  const hosted = useServer({
    mistral: { text: TEXT, model: "mistral-small-latest" },
    beforeStart: async () => void (closedPort = await freePort()),
    env: () => ({
      TRUSTED_PROXY: "1",
      OPENAI_COMPAT_BASE_URL: `http://127.0.0.1:${closedPort}/v1`,
    }),
  });
  let closedPort = 0;

  beforeEach(() => hosted.mistral.setMode("ok"));

  it("times a text by the writer that wrote it", async () => {
    const { client } = await signUp(hosted.url, true);
    const before = await readMetricsText(hosted.url);
    const response = await client.post("/api/email/generate", request);
    expect(response.body).toMatchObject({ success: true, modelUsed: "mistral-ai" });

    const after = await waitFor(
      "the text's timings on /metrics",
      () => readMetricsText(hosted.url),
      {
        done: (text) =>
          growth(before, text, "aitext_text_duration_seconds_count", { writer: "mistral-ai" }) ===
          1,
      },
    );
    for (const name of timings) {
      expect(growth(before, after, `${name}_count`, { writer: "mistral-ai" }), name).toBe(1);
    }
    // Fixed buckets: first words from 0.05 s to 30 s, a whole text from 0.5 s to 120 s.
    const firstWords = bucketBounds(after, "aitext_text_first_token_seconds", "mistral-ai");
    expect([firstWords.at(0), firstWords.at(-2), firstWords.at(-1)]).toEqual([
      "0.05",
      "30",
      "+Inf",
    ]);
    const whole = bucketBounds(after, "aitext_text_duration_seconds", "mistral-ai");
    expect([whole.at(0), whole.at(-2), whole.at(-1)]).toEqual(["0.5", "120", "+Inf"]);
  });

  it("counts each hosted writer's failure by writer and reason: a 500, then a refused connection", async () => {
    hosted.mistral.setMode("error");
    const { client } = await signUp(hosted.url, true);
    const before = await readMetricsText(hosted.url);
    const response = await client.post("/api/email/generate", request);
    expect(response.status).toBe(503);

    const after = await readMetricsText(hosted.url);
    expect(growth(before, after, "aitext_writer_errors_total", writerError("mistral-ai"))).toBe(1);
    const refused = writerError("localai", "refused");
    expect(growth(before, after, "aitext_writer_errors_total", refused)).toBe(1);
    for (const line of after
      .split("\n")
      .filter((l) => l.startsWith("aitext_writer_errors_total"))) {
      expect(line).toMatch(/^aitext_writer_errors_total\{writer="[\w-]+",reason="\w+"\} \d+$/);
    }
  });
});

describe("template drafts and credits given", () => {
  const OPERATOR = "metrics-operator@example.com";
  let operator: ApiClient;
  // No AI writer: texts are template drafts.
  const plain = useServer({
    env: { TRUSTED_PROXY: "1", OPERATOR_EMAILS: OPERATOR, AD_WATCH_SECONDS: "1" },
    ready: async (started) => void (operator = (await signUp(started.url, true, OPERATOR)).client),
  });
  const metricsNow = () => readMetricsText(plain.url);

  it("times a template draft as the writer `template`", async () => {
    const { client } = await signUp(plain.url, true);
    const before = await metricsNow();
    const response = await client.post("/api/email/generate", request);
    expectTemplateDraft(response, "no-ai-writer", response.body.credits);

    const after = await metricsNow();
    for (const name of timings) {
      expect(growth(before, after, `${name}_count`, { writer: "template" }), name).toBe(1);
    }
    const finished = { writer: "template", outcome: "finished" };
    expect(growth(before, after, "aitext_generations_total", finished)).toBe(1);
  });

  it("counts an operator's grant by its kind, and not a take-back", async () => {
    const { client } = await signUp(plain.url, true);
    const userId = (await client.get("/api/auth/me")).body.user.id as string;
    const before = await metricsNow();
    const change = (delta: number) =>
      operator.post("/api/console/credits", {
        userId,
        delta,
        reason: "Outage",
        requestId: randomUUID(),
      });
    expect((await change(250)).status).toBe(200);
    expect((await change(-50)).status).toBe(200);

    const after = await metricsNow();
    expect(growth(before, after, "aitext_credits_granted_total", { kind: "operator" })).toBe(250);
    expect(growth(before, after, "aitext_credits_earned_by_ads_total")).toBe(0);
  });

  it("counts the credits an ad earned once it is claimed, however many claims", async () => {
    const { client } = await signUp(plain.url, true);
    const opened = await client.post("/api/credits/ad-session");
    expect(opened.status).toBe(201);
    await untilTime(Date.parse(opened.body.readyAt));
    const before = await metricsNow();
    const { adSessionId } = opened.body;
    const claims = await Promise.all(
      [1, 2].map(() => client.post("/api/credits/watch-ad", { adSessionId })),
    );
    const paid = claims.filter((claim) => claim.status === 200);
    expect(paid).toHaveLength(1);

    const after = await metricsNow();
    const earned = paid[0]!.body.creditsEarned as number;
    expect(earned).toBeGreaterThan(0);
    expect(growth(before, after, "aitext_credits_earned_by_ads_total")).toBe(earned);
    expect(growth(before, after, "aitext_credits_granted_total", { kind: "operator" })).toBe(0);
  });
});

describe("the access log", () => {
  it("writes one line at info per request with its id, without query, cookie or address", async () => {
    const requestId = `metrics-test-${crypto.randomUUID()}`;
    const response = await fetch(`${server.url}/api/auth/me?token=secret-in-the-query`, {
      headers: {
        "x-request-id": requestId,
        "x-forwarded-for": "198.51.100.23",
        cookie: "session=secret-in-the-cookie",
      },
    });
    expect(response.headers.get("x-request-id")).toBe(requestId);
    const line = await waitForLog(server, (entry) => entry.requestId === requestId);
    expect(line).toMatchObject({
      level: 30,
      msg: "request",
      method: "GET",
      path: "/api/auth/me",
      route: "/api/auth/me",
      status: response.status,
    });
    expect(typeof line.ms).toBe("number");
    const written = JSON.stringify(line);
    for (const kept of ["secret-in-the-query", "secret-in-the-cookie", "198.51.100.23"]) {
      expect(written).not.toContain(kept);
    }
    expect(server.logs.filter((entry) => entry.requestId === requestId)).toHaveLength(1);
  });

  it("names the id on answers the host makes itself, and logs them too", async () => {
    const response = await fetch(`${server.url}/about`);
    expect(response.status).toBe(200);
    const requestId = response.headers.get("x-request-id")!;
    expect(requestId).toMatch(/^[0-9a-f-]{36}$/);
    const line = await waitForLog(server, (entry) => entry.requestId === requestId);
    expect(line).toMatchObject({ msg: "request", path: "/about", route: "(static)", status: 200 });
  });
});

import { readFileSync } from "node:fs";
import { beforeEach, describe, expect, it } from "vitest";
import { COST_PER_USE } from "#shared/credits.ts";
import { signUp } from "../support/client.ts";
import { QUARTERLY_EMAIL } from "../support/generate.ts";
import { growth, readMetricsText, sample } from "../support/metrics.ts";
import { waitForLog } from "../support/server.ts";
import { useServer } from "../support/use-server.ts";
import { waitFor } from "../support/wait.ts";

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
      { done: (text) => generateRequests(text, "200") === generateRequests(before, "200") + 1 },
    );
    const finished = { writer: "localai", outcome: "finished" };
    expect(growth(before, after, "aitext_generations_total", finished)).toBe(1);
    expect(growth(before, after, "aitext_credits_charged_total")).toBe(COST_PER_USE);
    expect(growth(before, after, "aitext_credits_refunded_total")).toBe(0);
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

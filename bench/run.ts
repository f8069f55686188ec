/**
 * `npm run bench`: measures this machine, one run, each figure beside its budget in
 * DESIGN §11. `npm run bench -- --write` also writes docs/benchmarks.md.
 * Ratios compare our server with a bare node:http server sending the same bytes, in the
 * same run, so that the machine's speed cancels out.
 */
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { cpus, totalmem } from "node:os";
import { readFileSync, writeFileSync } from "node:fs";
import { gzipSync } from "node:zlib";
import autocannon from "autocannon";
import { parseConfig } from "../src/lib/server/config.ts";
import { reserveCredits } from "../src/lib/server/credits/reservations.ts";
import { openDatabase, schema } from "../src/lib/server/db/index.ts";
import { startChatFake } from "../tests/fakes/chat-completions.ts";
import { signUp } from "../tests/support/client.ts";
import { createStorage, startServer, type RunningServer } from "../tests/support/server.ts";

const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const rows: { what: string; figure: string; budget: string; ok: boolean | null }[] = [];

function record(what: string, figure: string, budget: string, ok: boolean | null): void {
  rows.push({ what, figure, budget, ok });
  console.log(`${ok === null ? "  " : ok ? "✓ " : "✗ "}${what}: ${figure} (budget: ${budget})`);
}

// ---------- JavaScript per route ----------

async function scriptBytes(base: string, html: string, cookie?: string): Promise<number> {
  const urls = new Set<string>();
  for (const m of html.matchAll(/<script[^>]*\ssrc="([^"]+)"/g)) urls.add(m[1]!);
  for (const m of html.matchAll(/(?:component-url|renderer-url|before-hydration-url)="([^"]+)"/g))
    urls.add(m[1]!);
  let total = 0;
  for (const m of html.matchAll(
    /<script(?![^>]*\ssrc=)(?![^>]*application\/ld\+json)[^>]*>([\s\S]*?)<\/script>/g,
  )) {
    total += gzipSync(m[1]!).length;
  }
  const seen = new Set<string>();
  const queue = [...urls];
  while (queue.length) {
    const url = queue.shift()!;
    if (!url || seen.has(url)) continue;
    seen.add(url);
    const body = await (
      await fetch(new URL(url, base), { headers: cookie ? { cookie } : {} })
    ).text();
    total += gzipSync(body).length;
    for (const m of body.matchAll(
      /(?:from|import)\s*\(?\s*["']((?:\.\.?\/|\/_astro\/)[^"']+\.js)["']/g,
    )) {
      queue.push(new URL(m[1]!, new URL(url, base)).pathname);
    }
  }
  return total;
}

async function measureJavaScript(server: RunningServer, cookie: string): Promise<void> {
  const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;
  const get = async (path: string, withCookie = false) =>
    (await fetch(`${server.url}${path}`, { headers: withCookie ? { cookie } : {} })).text();
  let content = 0;
  for (const path of [
    "/about",
    "/contact",
    "/privacy-policy",
    "/terms-of-service",
    "/no-such-page",
  ]) {
    const html = await get(path);
    const bytes = await scriptBytes(server.url, html);
    const react = html.includes("astro-island");
    content = Math.max(content, bytes);
    record(
      `JS on ${path === "/no-such-page" ? "404" : path}`,
      `${kb(bytes)} gzip${react ? ", React" : ", no React"}`,
      "no React, ≤ 5 KB",
      !react && bytes <= 5 * 1024,
    );
  }
  const home = await scriptBytes(server.url, await get("/"));
  record("JS on /", `${kb(home)} gzip`, "≤ 100 KB", home <= 100 * 1024);
  for (const path of ["/login", "/profile", "/credits"]) {
    const bytes = await scriptBytes(server.url, await get(path, true), cookie);
    record(`JS on ${path}`, `${kb(bytes)} gzip`, "(no budget)", null);
  }
}

// ---------- Lighthouse ----------

/** Lighthouse's CLI with its default mobile preset, in Debian's Chromium (CHROMIUM_PATH). */
async function measureLighthouse(server: RunningServer): Promise<void> {
  const { execFile } = await import("node:child_process");
  const { promisify } = await import("node:util");
  const run = promisify(execFile);
  const chrome = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";
  for (const path of ["/", "/about", "/login"]) {
    const output = `/tmp/lighthouse-${path.replace(/\W/g, "") || "home"}.json`;
    const lighthouse = () =>
      run(
        "node_modules/.bin/lighthouse",
        [
          `${server.url}${path}`,
          "--quiet",
          "--output=json",
          `--output-path=${output}`,
          "--only-categories=performance,accessibility,best-practices,seo",
          "--chrome-flags=--headless=new --no-sandbox --disable-gpu --disable-background-networking --disable-component-update --disable-sync --no-first-run",
        ],
        { env: { ...process.env, CHROME_PATH: chrome }, timeout: 180_000 },
      );
    try {
      // A Chromium start can fail once on a busy machine; one retry.
      await lighthouse().catch(() => lighthouse());
      const report = JSON.parse(readFileSync(output, "utf8")) as {
        categories: Record<string, { score: number }>;
        audits: Record<string, { displayValue?: string; numericValue?: number }>;
      };
      const score = (id: string) => Math.round(report.categories[id]!.score * 100);
      const [perf, a11y, bp, seo] = ["performance", "accessibility", "best-practices", "seo"].map(
        score,
      ) as [number, number, number, number];
      const cls = report.audits["cumulative-layout-shift"]!.numericValue ?? 0;
      record(
        `Lighthouse mobile ${path}`,
        `performance ${perf}, accessibility ${a11y}, best practices ${bp}, SEO ${seo}; LCP ${report.audits["largest-contentful-paint"]!.displayValue}, TBT ${report.audits["total-blocking-time"]!.displayValue}, CLS ${cls.toFixed(3)}`,
        "≥ 98; 100; 100; 100; CLS 0",
        perf >= 98 && a11y === 100 && bp === 100 && seo === 100 && cls === 0,
      );
    } catch (error) {
      record(
        `Lighthouse mobile ${path}`,
        `not measured: ${(error as Error).message.split("\n")[0]}`,
        "≥ 98; 100; 100; 100; CLS 0",
        false,
      );
    }
  }
}

// ---------- throughput ----------

function bare(body: Buffer | string, type: string): Promise<{ url: string; server: Server }> {
  const server = createServer((req, res) => {
    req.resume();
    req.on("end", () => {
      res.writeHead(200, { "content-type": type, "content-length": Buffer.byteLength(body) });
      res.end(body);
    });
  });
  return new Promise((resolve) =>
    server.listen(0, "127.0.0.1", () =>
      resolve({ url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, server }),
    ),
  );
}

async function cannon(options: autocannon.Options): Promise<autocannon.Result> {
  return autocannon({ duration: SECONDS, ...options });
}

async function compare(
  label: string,
  ours: autocannon.Options,
  body: Buffer | string,
  type: string,
  budget: number,
) {
  const reference = await bare(body, type);
  try {
    const baseline = await cannon({ ...ours, url: reference.url });
    const result = await cannon(ours);
    const ratio = result.requests.average / baseline.requests.average;
    const non2xx = result.non2xx;
    record(
      label,
      `${Math.round(result.requests.average)} req/s vs bare ${Math.round(baseline.requests.average)} req/s = ${(ratio * 100).toFixed(0)} %; p50 ${result.latency.p50} ms, p99 ${result.latency.p99} ms${non2xx ? `, ${non2xx} non-2xx` : ""}`,
      `≥ ${budget * 100} % of bare`,
      ratio >= budget,
    );
  } finally {
    reference.server.close();
  }
}

function rssMb(pid: number): number {
  const status = readFileSync(`/proc/${pid}/status`, "utf8");
  return Number(/VmRSS:\s+(\d+)/.exec(status)![1]) / 1024;
}

async function main(): Promise<void> {
  console.log(
    `bench: ${cpus().length} × ${cpus()[0]?.model}, ${(totalmem() / 2 ** 30).toFixed(0)} GiB, Node ${process.version}, ${SECONDS} s per run`,
  );
  const storage = await createStorage();
  // The embedded database, as `npm start` runs it, whatever TEST_DATABASE_URL says.
  const server = await startServer(storage, { env: { TRUSTED_PROXY: "1", DATABASE_URL: "" } });
  try {
    const { client } = await signUp(server.url, true);
    const cookie = client.cookieHeader();
    await measureJavaScript(server, cookie);
    await measureLighthouse(server);

    const aboutHtml = readFileSync("dist/client/about/index.html");
    await compare(
      "static page /about at 100 connections",
      { url: `${server.url}/about`, connections: 100 },
      aboutHtml,
      "text/html; charset=utf-8",
      0.5,
    );

    const statusJson = await (
      await fetch(`${server.url}/api/credits/status`, {
        headers: { "x-forwarded-for": "2001:db8:b::1" },
      })
    ).text();
    await compare(
      "GET /api/credits/status (guest) at 100 connections",
      {
        url: `${server.url}/api/credits/status`,
        connections: 100,
        headers: { "x-forwarded-for": "2001:db8:b::1" },
      },
      statusJson,
      "application/json; charset=utf-8",
      0.3,
    );

    // Generations with the offline engine: every request a new visitor (new guest, new reservation).
    let n = 0;
    const body = JSON.stringify({
      content: "A thank-you note to my neighbours for the flowers",
      language: "english",
      contentType: "email",
    });
    const sample = await (
      await fetch(`${server.url}/api/email/generate`, {
        method: "POST",
        headers: { "content-type": "application/json", "x-forwarded-for": "2001:db8:c::1" },
        body,
      })
    ).text();
    const reference = await bare(sample, "application/json; charset=utf-8");
    const generateOptions: autocannon.Options = {
      url: `${server.url}/api/email/generate`,
      connections: 50,
      requests: [
        {
          method: "POST",
          headers: { "content-type": "application/json" },
          body,
          setupRequest: (request: any) => ({
            ...request,
            headers: {
              ...request.headers,
              "x-forwarded-for": `2001:db8:d::${(n++ % 65000).toString(16)}:1`,
            },
          }),
        },
      ],
    };
    const baseline = await cannon({ ...generateOptions, url: reference.url });
    reference.server.close();
    const generated = await cannon(generateOptions);
    record(
      "POST /api/email/generate (offline engine) at 50 connections",
      `p50 ${generated.latency.p50} ms, p99 ${generated.latency.p99} ms, ${Math.round(generated.requests.average)} req/s (bare: ${Math.round(baseline.requests.average)} req/s, p99 ${baseline.latency.p99} ms)${generated.non2xx ? `, ${generated.non2xx} non-2xx` : ""}`,
      "p99 ≤ 50 ms",
      generated.latency.p99 <= 50,
    );
    const rss = rssMb(server.process.pid!);
    record("server RSS after the load, on PGlite", `${rss.toFixed(0)} MB`, "≤ 250 MB", rss <= 250);
  } finally {
    await server.stop();
    await storage.cleanup();
  }

  if (process.env.TEST_DATABASE_URL) await measurePostgresMemory();
  await measureStreaming();
  await measureReserves("PGlite", undefined);
  if (process.env.TEST_DATABASE_URL)
    await measureReserves("PostgreSQL", process.env.TEST_DATABASE_URL);
  else
    record("reserves/s on PostgreSQL", "not measured (set TEST_DATABASE_URL)", "(no budget)", null);

  if (process.argv.includes("--write")) writeReport();
}

/** The same server on PostgreSQL: without PGlite's WebAssembly heap in the process. */
async function measurePostgresMemory(): Promise<void> {
  const storage = await createStorage();
  const server = await startServer(storage, { env: { TRUSTED_PROXY: "1" } });
  try {
    await cannon({ url: `${server.url}/about`, connections: 100, duration: Math.min(SECONDS, 5) });
    await cannon({
      url: `${server.url}/api/credits/status`,
      connections: 100,
      duration: Math.min(SECONDS, 5),
    });
    const rss = rssMb(server.process.pid!);
    record("server RSS after load, on PostgreSQL", `${rss.toFixed(0)} MB`, "≤ 250 MB", rss <= 250);
  } finally {
    await server.stop();
    await storage.cleanup();
  }
}

// ---------- streaming ----------

async function measureStreaming(): Promise<void> {
  const fake = await startChatFake({
    text: "Hello there, this is a streamed answer from the provider.",
    model: "m",
  });
  fake.setMode("slow-start", 300);
  const storage = await createStorage();
  const server = await startServer(storage, {
    env: { MISTRAL_API_KEY: "k", MISTRAL_SERVER_URL: fake.url, GENERATION_PROVIDERS: "mistral-ai" },
  });
  try {
    const delays: number[] = [];
    for (let i = 0; i < 10; i++) {
      const sent = Date.now();
      const response = await fetch(`${server.url}/api/email/generate`, {
        method: "POST",
        headers: {
          "content-type": "application/json",
          accept: "text/event-stream",
          "x-forwarded-for": `2001:db8:e::${i + 1}`,
        },
        body: JSON.stringify({ content: "A note", language: "english", contentType: "email" }),
      });
      const reader = response.body!.getReader();
      const decoder = new TextDecoder();
      let text = "";
      while (!text.includes("event: delta")) text += decoder.decode((await reader.read()).value);
      // The fake waits 300 ms before its first token; what is left is our path's delay.
      delays.push(Date.now() - sent - 300);
      await reader.cancel();
    }
    delays.sort((a, b) => a - b);
    const median = delays[Math.floor(delays.length / 2)]!;
    record(
      "first delta after the provider's first token (median of 10)",
      `${median} ms (includes the request's own round trip)`,
      "≤ 20 ms",
      median <= 20,
    );
  } finally {
    await server.stop();
    await storage.cleanup();
    await fake.close();
  }
}

// ---------- credits ----------

async function measureReserves(label: string, databaseUrl: string | undefined): Promise<void> {
  const storage = await createStorage();
  const config = parseConfig({
    ...storage.env,
    DATABASE_URL: databaseUrl ? storage.env.DATABASE_URL : "",
  });
  const handle = await openDatabase(config);
  try {
    const [user] = await handle.db
      .insert(schema.users)
      .values({ email: "bench@example.com", passwordHash: "x", credits: 1_000_000_000 })
      .returning();
    const owner = { kind: "user" as const, userId: user!.id };
    const draft = {
      subject: "bench",
      prompt: "bench",
      tone: "standard",
      language: "english",
      contentType: "email",
    };
    let done = 0;
    const deadline = Date.now() + SECONDS * 1000;
    await Promise.all(
      Array.from({ length: 100 }, async () => {
        while (Date.now() < deadline) {
          await reserveCredits(handle.db, owner, draft, new Date());
          done++;
        }
      }),
    );
    record(
      `reserves/s on ${label}, 100 concurrent clients`,
      `${Math.round(done / SECONDS)} /s`,
      "(no budget)",
      null,
    );
  } finally {
    await handle.close();
    await storage.cleanup();
  }
}

// ---------- report ----------

function writeReport(): void {
  const machine = `${cpus().length} × ${cpus()[0]?.model}, ${(totalmem() / 2 ** 30).toFixed(0)} GiB, Node ${process.version}`;
  const lines = [
    "# Benchmarks",
    "",
    `One run of \`npm run bench -- --write\` (${SECONDS} s per load), ${new Date().toISOString().slice(0, 10)}, on ${machine}.`,
    "Ratios compare our server with a bare `node:http` server sending the same bytes in the same run.",
    "The load generator runs on the same 2 cores as the server, so absolute figures are low; the ratios carry the meaning.",
    "",
    "| | what | figure | budget (DESIGN §11) |",
    "| --- | --- | --- | --- |",
    ...rows.map(
      (r) =>
        `| ${r.ok === null ? "" : r.ok ? "✓" : "✗ over budget"} | ${r.what} | ${r.figure} | ${r.budget} |`,
    ),
    "",
    "Why the figures over budget are what they are, and what would fix them: `docs/decisions/015-benchmark-findings.md`.",
    "",
    "",
  ];
  writeFileSync("docs/benchmarks.md", lines.join("\n"));
  console.log("wrote docs/benchmarks.md");
}

await main();

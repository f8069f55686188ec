import { describe, expect, it } from "vitest";
import type { WriterRun } from "../../bench/figures.ts";
import {
  batchFill,
  medianRatio,
  writerRows,
  type SideRuns,
  type WriterMemory,
  type WriterRound,
} from "../../bench/writer-figures.ts";

/**
 * Issue 31: the local writer's rows can fail for the reason each names. A healthy run
 * passes every judged row; a stalled run (the app's first text started alone, then stood
 * still while the others' prompts were read) fails every one.
 */
const run = (overrides: Partial<WriterRun> = {}): WriterRun => ({
  texts: 8,
  firstTokensMs: Array.from({ length: 8 }, () => 2_000),
  longestPauseMs: 200,
  tokens: 3_200,
  seconds: 60,
  failures: [],
  promptTokensRead: 8 * 120,
  ...overrides,
});

const warm = (overrides: Partial<WriterRun> = {}) =>
  run({ firstTokensMs: Array(8).fill(300), promptTokensRead: 8, ...overrides });

const one = (overrides: Partial<WriterRun> = {}) =>
  run({
    texts: 1,
    firstTokensMs: [1_000],
    tokens: 400,
    seconds: 8,
    promptTokensRead: 120,
    ...overrides,
  });

const side = (overrides: Partial<SideRuns> = {}): SideRuns => ({
  one: one(),
  oneWarm: one({ firstTokensMs: [120], promptTokensRead: 1 }),
  eight: run(),
  eightWarm: warm(),
  newcomers: { running: one({ longestPauseMs: 500 }), arriving: run({ texts: 7 }) },
  sixteen: run({ texts: 16, firstTokensMs: Array(16).fill(70_000) }),
  ...overrides,
});

const round = (app: SideRuns, fill = { steps: 400, tokens: 3_200, texts: 3_200 }): WriterRound => ({
  app,
  server: side(),
  fill,
  serverFill: { decodes: 420, busySlots: 3_300 },
});

const memory = (appRss: number): WriterMemory => ({
  app: { rss: appRss, anon: appRss - 350, file: 350 },
  server: { rss: 1_100, anon: 800, file: 300 },
  appAfter: { rss: appRss + 50, anon: appRss - 300, file: 350 },
  serverAfter: { rss: 1_700, anon: 1_400, file: 300 },
  appWithoutModel: { rss: 214, anon: 150, file: 64 },
});

describe("the local writer's rows", () => {
  it("pass when the app keeps pace with llama-server", () => {
    const rows = writerRows([round(side()), round(side()), round(side())], {
      judged: true,
      memory: memory(1_200),
    });
    const judged = rows.filter((row) => row.ok !== null);
    expect(judged.map((row) => [row.what, row.ok]).filter(([, ok]) => !ok)).toEqual([]);
    // Every round is shown beside the ratio of the medians.
    expect(rows[0]!.figure).toContain("rounds 53.3/53.3, 53.3/53.3, 53.3/53.3");
  });

  it("fail, each for its reason, on a stalled run", () => {
    // The first text stood still 31 s while seven prompts were read beside it, the rest
    // started late, and steps left writing texts out.
    const stalled = side({
      one: one({ firstTokensMs: [1_500], seconds: 10 }),
      oneWarm: one({ firstTokensMs: [600], promptTokensRead: 1 }),
      eight: run({ longestPauseMs: 31_000, firstTokensMs: Array(8).fill(33_000), seconds: 90 }),
      eightWarm: warm({ firstTokensMs: Array(8).fill(900), seconds: 75 }),
      newcomers: {
        running: one({ longestPauseMs: 14_000 }),
        arriving: run({ texts: 7, firstTokensMs: Array(7).fill(16_000) }),
      },
      sixteen: run({ texts: 16, firstTokensMs: Array(16).fill(95_000) }),
    });
    const fill = { steps: 420, tokens: 3_000, texts: 3_300 };
    const rows = writerRows([round(stalled, fill), round(stalled, fill), round(side(), fill)], {
      judged: true,
      memory: memory(1_500),
    });
    const failed = (what: string) => rows.find((row) => row.what.startsWith(what))?.ok;
    for (const what of [
      "8 users, cold prompts, total tokens/s",
      "8 users, warm (the same prompts again), total tokens/s",
      "8 users, cold prompts, slowest first token",
      "8 users, warm, slowest first token",
      "8 users, cold prompts, longest pause",
      "a running text while 7 newcomers",
      "7 newcomers beside a running text",
      "16 users at once",
      "1 user, cold prompt, first token",
      "1 user, warm, first token",
      "8 users and 7 newcomers, batch fill",
      "memory like for like",
    ]) {
      expect([what, failed(what)]).toEqual([what, false]);
    }
  });

  it("fail when a round failed or measured nothing, and when cold prompts were not cold", () => {
    const broken = side({ eight: run({ failures: ["status 503"] }), eightWarm: warm() });
    const rows = writerRows([round(broken)], { judged: true, memory: null });
    const speed = rows.find((row) => row.what.startsWith("8 users, cold prompts, total"))!;
    expect(speed.ok).toBe(false);
    expect(speed.figure).toContain("1 failed (status 503)");
    // Cold rounds that read no more than warm ones measured cache hits.
    const hits = side({ eight: run({ promptTokensRead: 16 }) });
    const read = writerRows([round(hits)], { judged: true, memory: null }).find((row) =>
      row.what.startsWith("8 users, prompt tokens read"),
    )!;
    expect(read.ok).toBe(false);
  });

  it("compares the sides' medians, not the median of per-round ratios", () => {
    const speeds = (ours: number, theirs: number): WriterRound => ({
      ...round(side({ eight: run({ tokens: ours * 60 }) })),
      server: side({ eight: run({ tokens: theirs * 60 }) }),
    });
    const rounds = [speeds(10, 12), speeds(30, 11), speeds(20, 40)];
    const c = medianRatio(
      rounds,
      (r) => [r.app.eight, r.server?.eight],
      (r) => r.tokens / r.seconds,
    );
    // Per-round ratios 0.83, 2.73 and 0.5 have the median 0.83; the medians are 20 and 12.
    expect(c).toMatchObject({ ours: 20, reference: 12 });
    expect(c.ratio).toBeCloseTo(20 / 12);
    expect(c.pairs).toEqual(["10.0/12.0", "30.0/11.0", "20.0/40.0"]);
  });

  it("reads batch fill below full when a step left a writing text out", () => {
    expect(batchFill([{ steps: 400, tokens: 3_200, texts: 3_200 }])).toBe(1);
    expect(batchFill([{ steps: 400, tokens: 3_100, texts: 3_200 }])).toBeLessThan(0.99);
    expect(batchFill([null])).toBeNull();
    expect(batchFill([{ steps: 0, tokens: 0, texts: 0 }])).toBeNull();
  });
});

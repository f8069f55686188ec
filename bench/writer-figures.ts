/**
 * The local writer's rows (DESIGN §11, issue 31) from what the bench measured, kept apart
 * from the measuring so that tests/unit/bench-writer-figures.test.ts can feed it a stalled
 * run and see every row fail. Each figure is the ratio of the two sides' medians over the
 * rounds, every round shown beside it; a run that failed or measured nothing fails its row.
 */
import { middle, ratio, slowestFirstToken, tokensPerSecond, type WriterRun } from "./figures.ts";

/** One side's runs in a round: cold prompts, then the same prompts again (warm). */
export interface SideRuns {
  one: WriterRun;
  oneWarm: WriterRun;
  eight: WriterRun;
  eightWarm: WriterRun;
  /** One cold text being written when seven cold newcomers ask (their prompts read beside it). */
  newcomers?: { running: WriterRun; arriving: WriterRun };
  sixteen?: WriterRun;
}

/** The app's step counters over its eight-user and newcomers runs (decision 069). */
export interface StepCounts {
  steps: number;
  /** Next tokens of writing texts the steps carried. */
  tokens: number;
  /** Writing texts at each step, summed: what the steps could have carried. */
  texts: number;
}

export interface WriterRound {
  app: SideRuns;
  server?: SideRuns;
  direct?: Pick<SideRuns, "one" | "eight">;
  fill: StepCounts | null;
  /** llama-server's decodes and busy slots over its eight-user and newcomers runs. */
  serverFill: { decodes: number; busySlots: number } | null;
}

/** Resident memory in MB: all of it, and the parts private to the process and mapped files. */
export interface Memory {
  rss: number;
  anon: number;
  file: number;
}

export interface WriterMemory {
  /** Both sides with the model file mapped, idle once each sequence and slot read one text. */
  app: Memory;
  server: Memory;
  /** The same after every round: llama-server by then also keeps prompts in its RAM cache. */
  appAfter: Memory;
  serverAfter: Memory;
  /** The app with no model, the same database: what it holds before any writer. */
  appWithoutModel: Memory | null;
}

export interface Row {
  what: string;
  figure: string;
  budget: string;
  /** null: a figure without a verdict (a kernel setup that is not judged, or no budget). */
  ok: boolean | null;
}

type Pick2 = (round: WriterRound) => [WriterRun | undefined, WriterRun | undefined];

/** Each round's pair, the sides' medians, their ratio, or why there is none. */
export function medianRatio(
  rounds: readonly WriterRound[],
  pick: Pick2,
  figure: (run: WriterRun) => number | null,
): {
  ratio: number | null;
  ours: number | null;
  reference: number | null;
  pairs: string[];
  why: string;
} {
  const runs = rounds.map(pick);
  const ours = runs.map(([run]) => (run ? figure(run) : null));
  const references = runs.map(([, run]) => (run ? figure(run) : null));
  const failed = runs.flatMap(([a, b]) => [...(a?.failures ?? []), ...(b?.failures ?? [])]);
  const measured = [...ours, ...references].every((value) => value !== null);
  const ourMiddle = measured ? middle(ours as number[]) : null;
  const referenceMiddle = measured ? middle(references as number[]) : null;
  return {
    ratio: ratio(ourMiddle, referenceMiddle),
    ours: ourMiddle,
    reference: referenceMiddle,
    pairs: ours.map((value, i) => `${show(value)}/${show(references[i]!)}`),
    why: failed.length
      ? `not measured: ${failed.length} failed (${[...new Set(failed)].slice(0, 3).join("; ")})`
      : "not measured: a run measured nothing",
  };
}

const show = (value: number | null) =>
  value === null ? "–" : value >= 100 ? value.toFixed(0) : value.toFixed(1);

/** A run's slowest first token in ms, or null. */
export const slowest = (run: WriterRun) => {
  const first = slowestFirstToken(run);
  return "ms" in first ? first.ms : null;
};

/** A run's longest pause of a text once it had begun, or null when it failed or wrote nothing. */
export const longestPause = (run: WriterRun) =>
  run.failures.length || run.tokens <= 0 ? null : run.longestPauseMs;

/** Prompt tokens a side read a text, or null where it does not say. */
export const readPerText = (run: WriterRun) =>
  run.promptTokensRead === null || run.failures.length ? null : run.promptTokensRead / run.texts;

/**
 * Batch fill: of the steps taken while texts were written, the share of writing texts
 * (running, or late to queue their token) whose next token each step carried.
 */
export function batchFill(fills: readonly (StepCounts | null)[]): number | null {
  if (fills.length === 0 || fills.some((fill) => fill === null || fill.texts <= 0)) return null;
  return middle(fills.map((fill) => fill!.tokens / fill!.texts));
}

/**
 * The rows of one kernel setup. `judged`: the same kernels on both sides, where the budgets
 * decide; otherwise the figures are shown without a verdict (a row that measured nothing
 * still fails).
 */
export function writerRows(
  rounds: readonly WriterRound[],
  options: { judged: boolean; memory: WriterMemory | null },
): Row[] {
  const { judged } = options;
  const rows: Row[] = [];
  const of = `ratio of the medians of ${rounds.length} alternated round${rounds.length > 1 ? "s" : ""}, each round app/llama-server`;
  const verdict = (value: number | null, check: (value: number) => boolean) =>
    value === null ? false : judged ? check(value) : null;
  const pct = (value: number) => `${(value * 100).toFixed(0)} %`;
  const times = (value: number) => `${value.toFixed(2)}×`;
  const secs = (ms: number | null) => (ms === null ? "–" : `${(ms / 1000).toFixed(2)} s`);

  const speed = (what: string, pick: Pick2) => {
    const c = medianRatio(rounds, pick, tokensPerSecond);
    rows.push({
      what: `${what}, total tokens/s against llama-server -np 8 --cont-batching (${of})`,
      figure:
        c.ratio === null
          ? c.why
          : `${pct(c.ratio)} (app ${show(c.ours)}, llama-server ${show(c.reference)} tok/s; rounds ${c.pairs.join(", ")})`,
      budget: "≥ 100 %",
      ok: verdict(c.ratio, (value) => value >= 1),
    });
  };
  const time = (
    what: string,
    pick: Pick2,
    measure: (run: WriterRun) => number | null,
    most: number,
    budget = `≤ ${most}×`,
    absolute?: number,
  ) => {
    const c = medianRatio(rounds, pick, measure);
    rows.push({
      what: `${what} (${of}, in ms)`,
      figure:
        c.ratio === null
          ? c.why
          : `${times(c.ratio)} (app ${secs(c.ours)}, llama-server ${secs(c.reference)}; rounds ${c.pairs.join(", ")})`,
      budget,
      ok: verdict(
        c.ratio,
        (value) => value <= most && (absolute === undefined || c.ours! <= absolute),
      ),
    });
  };

  speed("8 users, cold prompts", (r) => [r.app.eight, r.server?.eight]);
  speed("8 users, warm (the same prompts again)", (r) => [r.app.eightWarm, r.server?.eightWarm]);
  time(
    "8 users, cold prompts, slowest first token",
    (r) => [r.app.eight, r.server?.eight],
    slowest,
    1.2,
  );
  time(
    "8 users, warm, slowest first token",
    (r) => [r.app.eightWarm, r.server?.eightWarm],
    slowest,
    1.2,
  );
  time(
    "8 users, cold prompts, longest pause of a running text",
    (r) => [r.app.eight, r.server?.eight],
    longestPause,
    1.2,
  );
  time(
    "a running text while 7 newcomers' cold prompts are read, its longest pause",
    (r) => [r.app.newcomers?.running, r.server?.newcomers?.running],
    longestPause,
    1.2,
  );
  time(
    "7 newcomers beside a running text, slowest first token",
    (r) => [r.app.newcomers?.arriving, r.server?.newcomers?.arriving],
    slowest,
    1.2,
  );
  if (rounds.every((r) => r.app.sixteen)) {
    time(
      "16 users at once, cold prompts, last first token",
      (r) => [r.app.sixteen, r.server?.sixteen],
      slowest,
      1,
      "≤ 1× (no later than llama-server)",
    );
  }
  time("1 user, cold prompt, first token", (r) => [r.app.one, r.server?.one], slowest, 1.2);
  time(
    "1 user, warm, first token",
    (r) => [r.app.oneWarm, r.server?.oneWarm],
    slowest,
    1.2,
    "≤ 0.5 s and ≤ 1.2×",
    500,
  );
  const one = medianRatio(rounds, (r) => [r.app.one, r.server?.one], tokensPerSecond);
  rows.push({
    what: `1 user, cold prompt, tokens/s against llama-server (${of})`,
    figure: one.ratio === null ? one.why : `${pct(one.ratio)} (rounds ${one.pairs.join(", ")})`,
    budget: "(no budget)",
    ok: one.ratio === null ? false : null,
  });

  // Cold means read: a side that reads about as much cold as warm was not asked cold.
  const coldRead = medianRatio(rounds, (r) => [r.app.eight, r.server?.eight], readPerText);
  const warmRead = medianRatio(rounds, (r) => [r.app.eightWarm, r.server?.eightWarm], readPerText);
  const cold =
    coldRead.ours !== null &&
    coldRead.reference !== null &&
    warmRead.ours !== null &&
    warmRead.reference !== null &&
    coldRead.ours > 4 * Math.max(1, warmRead.ours) &&
    coldRead.reference > 4 * Math.max(1, warmRead.reference);
  rows.push({
    what: "8 users, prompt tokens read a text, cold and warm (app/llama-server)",
    figure: `cold ${show(coldRead.ours)}/${show(coldRead.reference)}, warm ${show(warmRead.ours)}/${show(warmRead.reference)}`,
    budget: "cold reads its own part; warm only a token or two",
    ok: cold ? null : false,
  });

  const fill = batchFill(rounds.map((r) => r.fill));
  const serverFills = rounds.map((r) => r.serverFill);
  const serverBusy = serverFills.every((f) => f && f.decodes > 0)
    ? middle(serverFills.map((f) => f!.busySlots / f!.decodes))
    : null;
  rows.push({
    what: "8 users and 7 newcomers, batch fill (writing texts' next tokens a step ÷ writing texts, running or late; median of the rounds)",
    figure: `${fill === null ? "not measured: no step counters (aitext_local_writer_step_*)" : `${(fill * 100).toFixed(1)} % (rounds ${rounds.map((r) => (r.fill && r.fill.texts > 0 ? `${((r.fill.tokens / r.fill.texts) * 100).toFixed(1)} %` : "–")).join(", ")})`}; llama-server ${show(serverBusy)} busy slots a decode`,
    budget: "≥ 99 %",
    ok: verdict(fill, (value) => value >= 0.99),
  });

  const memory = options.memory;
  if (memory) {
    const mb = (m: Memory) =>
      `${m.rss.toFixed(0)} MB (private ${m.anon.toFixed(0)}, files ${m.file.toFixed(0)})`;
    const plus = (a: Memory, b: Memory) =>
      `${a.rss >= b.rss ? "+" : ""}${(a.rss - b.rss).toFixed(0)} MB`;
    const own = memory.appWithoutModel;
    rows.push({
      what: "memory like for like: both with the model file mapped, idle once every sequence and slot read one text, against llama-server",
      figure: `${mb(memory.app)}, llama-server ${mb(memory.server)}: ${plus(memory.app, memory.server)}${own ? `; the app without a model holds ${mb(own)}` : ""}; after every round ${mb(memory.appAfter)} against ${mb(memory.serverAfter)}: ${plus(memory.appAfter, memory.serverAfter)} (llama-server's prompt cache in RAM)`,
      budget: "≤ llama-server + 150 MB",
      ok: judged ? memory.app.rss - memory.server.rss <= 150 : null,
    });
  }

  // node-llama-cpp used directly: the second reference (it runs in the bench's process).
  if (rounds.every((r) => r.direct)) {
    const eight = medianRatio(rounds, (r) => [r.app.eight, r.direct?.eight], tokensPerSecond);
    const single = medianRatio(rounds, (r) => [r.app.one, r.direct?.one], tokensPerSecond);
    const first = medianRatio(rounds, (r) => [r.app.eight, r.direct?.eight], slowest);
    rows.push({
      what: "against node-llama-cpp alone, cold prompts: tokens/s of 8 users and of 1, slowest of 8 first tokens (ratio of medians)",
      figure:
        eight.ratio === null || single.ratio === null || first.ratio === null
          ? eight.why
          : `8 users ${pct(eight.ratio)} (node-llama-cpp ${show(eight.reference)} tok/s), 1 user ${pct(single.ratio)} (${show(single.reference)} tok/s), slowest first token ${times(first.ratio)} (${secs(first.reference)})`,
      budget: "(no budget: a second reference)",
      ok: eight.ratio === null || single.ratio === null || first.ratio === null ? false : null,
    });
  }
  return rows;
}

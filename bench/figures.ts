/**
 * The bench's arithmetic on what it measured, kept apart so that its edge cases are
 * unit-tested (tests/unit/bench-figures.test.ts): a run that measured nothing must read as
 * "not measured" and fail its row, never pass on `Math.max()` of nothing (−Infinity) or on
 * a ratio over zero (Infinity).
 */

/** The largest value, or null when there is none. */
export function largest(values: readonly number[]): number | null {
  const finite = values.filter((value) => Number.isFinite(value));
  return finite.length === values.length && finite.length > 0 ? Math.max(...finite) : null;
}

/** The middle value (the upper one of an even count), or null when there is none. */
export function middle(values: readonly number[]): number | null {
  if (values.length === 0 || values.some((value) => !Number.isFinite(value))) return null;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)]!;
}

/** ours ÷ reference, or null when either is not a positive measurement. */
export function ratio(ours: number | null, reference: number | null): number | null {
  if (ours === null || reference === null) return null;
  if (!Number.isFinite(ours) || !Number.isFinite(reference) || reference <= 0 || ours < 0)
    return null;
  return ours / reference;
}

/** What one side wrote for a set of users asking at once. */
export interface WriterRun {
  /** Texts asked for. */
  texts: number;
  /** Each text's first token, ms after the request (undefined: none came). */
  firstTokensMs: (number | undefined)[];
  /** The longest wait between two tokens of any text once it had begun. */
  longestPauseMs: number;
  /** Tokens written by all texts. */
  tokens: number;
  /** Seconds from the requests to the last text's end. */
  seconds: number;
  /** Answers that were not a written text: statuses, `error` events, thrown errors. */
  failures: string[];
  /** Prompt tokens read past what the side already held, all texts; null where unknown. */
  promptTokensRead: number | null;
}

/**
 * The slowest first token of a run, or why there is no such figure: a text that never got
 * one, or a failed answer, leaves the run without a measurement.
 */
export function slowestFirstToken(run: WriterRun): { ms: number } | { missing: string } {
  if (run.failures.length > 0)
    return { missing: `${run.failures.length} failed (${[...new Set(run.failures)].join("; ")})` };
  const got = run.firstTokensMs.filter((ms): ms is number => ms !== undefined);
  if (got.length < run.texts)
    return { missing: `${run.texts - got.length} of ${run.texts} texts got no first token` };
  const ms = largest(got);
  return ms === null ? { missing: "no first token" } : { ms };
}

/** Tokens per second of a run, or null when it wrote nothing or failed. */
export function tokensPerSecond(run: WriterRun): number | null {
  if (run.failures.length > 0 || run.tokens <= 0 || !(run.seconds > 0)) return null;
  return run.tokens / run.seconds;
}

/**
 * The row's verdict: a figure that is null (nothing measured) fails, whatever the budget.
 */
export function within(figure: number | null, check: (figure: number) => boolean): boolean {
  return figure !== null && Number.isFinite(figure) && check(figure);
}

/** Prometheus text: the value of an unlabelled counter or gauge, or null when absent. */
export function metricValue(text: string, name: string): number | null {
  const line = text.split("\n").find((row) => row.startsWith(`${name} `) || row === name);
  if (!line) return null;
  const value = Number(line.slice(name.length).trim().split(/\s+/)[0]);
  return Number.isFinite(value) ? value : null;
}

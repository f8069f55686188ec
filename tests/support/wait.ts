/**
 * How long a test that loads a tiny model (or writes with one) may take: a bound on a hang,
 * not on speed. It takes about 3 s on this machine alone and many times that beside other
 * work, past Vitest's 5 s default.
 */
export const MODEL_TEST_TIMEOUT_MS = 120_000;

/**
 * Waits until `check` returns a value that `done` accepts (by default any truthy one),
 * asking again every `intervalMs`; fails with `what` after `timeoutMs`. Tests wait on a
 * condition, never for a fixed time. The default bounds a hang: what takes a moment here
 * alone can take many seconds on a loaded machine.
 */
export async function waitFor<T>(
  what: string,
  check: () => T | Promise<T>,
  options: { done?: (value: T) => boolean; timeoutMs?: number; intervalMs?: number } = {},
): Promise<T> {
  const { done = Boolean, timeoutMs = 30_000, intervalMs = 50 } = options;
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await check();
    if (done(value)) return value;
    if (Date.now() > deadline) {
      throw new Error(
        `timed out after ${timeoutMs} ms waiting for ${what} (last: ${String(value)})`,
      );
    }
    await new Promise((resolve) => setTimeout(resolve, intervalMs));
  }
}

/** Resolves once the wall clock (which the server on this machine shares) has passed `at`. */
export async function untilTime(at: number): Promise<void> {
  await waitFor("the clock", () => Date.now() > at, {
    timeoutMs: Math.max(0, at - Date.now()) + 5_000,
  });
}

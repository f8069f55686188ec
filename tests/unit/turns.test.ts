import { performance } from "node:perf_hooks";
import { describe, expect, it } from "vitest";
import { inTurn, TURN_SLICE_MS } from "../../server/turns.ts";

/** Keeps the thread busy for `ms`, as a request's own work does. */
function work(ms: number): void {
  const until = performance.now() + ms;
  while (performance.now() < until);
}

/** Resolves in a timers phase: the immediates queued next run in this turn, before timers. */
const inTimersPhase = () => new Promise((done) => setTimeout(done, 0));

/** Queues `count` requests of `ms` each; resolves with the order they ran in. */
function queue(count: number, ms: number, ran: number[]): Promise<void> {
  return new Promise((done) => {
    for (let i = 0; i < count; i++) {
      inTurn(() => {
        work(ms);
        ran.push(i);
        if (ran.length === count) done();
      });
    }
  });
}

describe("requests taken in turns of the event loop", () => {
  it("run in the order they came", async () => {
    const ran: number[] = [];
    await queue(30, 0.2, ran);
    expect(ran).toEqual(Array.from({ length: 30 }, (_, i) => i));
  });

  it("let a timer run once a turn has spent its slice, not after all of them", async () => {
    await inTimersPhase();
    const ran: number[] = [];
    let ranBeforeTimer = -1;
    // A timer due now runs in the next turn's timers phase: after every immediate of this
    // turn, so without turns it would see all twenty requests done.
    setTimeout(() => (ranBeforeTimer = ran.length), 0);
    await queue(20, 1, ran);
    expect(ranBeforeTimer).toBeGreaterThan(0);
    expect(ranBeforeTimer).toBeLessThanOrEqual(TURN_SLICE_MS + 1);
  });

  it("run one request each turn even when each takes longer than the slice", async () => {
    await inTimersPhase();
    const ran: number[] = [];
    const turnsSeen: number[] = [];
    let turns = 0;
    const count = () => {
      turns++;
      if (ran.length < 4) setTimeout(count, 0);
    };
    setTimeout(count, 0);
    await new Promise<void>((done) => {
      for (let i = 0; i < 4; i++) {
        inTurn(() => {
          work(TURN_SLICE_MS * 3);
          turnsSeen.push(turns);
          ran.push(i);
          if (ran.length === 4) done();
        });
      }
    });
    expect(ran).toEqual([0, 1, 2, 3]);
    // Each ran in a turn of its own: a timer ran between every two of them.
    expect(new Set(turnsSeen).size).toBe(4);
  });
});

import { performance } from "node:perf_hooks";
import { describe, expect, it, vi } from "vitest";
import {
  inTurn,
  lineIsFull,
  MAX_WAITING,
  MAX_WAITING_PER_CONNECTION,
  TURN_SLICE_MS,
} from "../../server/turns.ts";

/** Keeps the thread busy for `ms`, as a request's own work does. */
function work(ms: number): void {
  const until = performance.now() + ms;
  while (performance.now() < until);
}

/** Resolves in a timers phase: the immediates queued next run in this turn, before timers. */
const inTimersPhase = () => new Promise((done) => setTimeout(done, 0));

/** Queues `count` requests of `ms` each, each on a connection of its own; resolves once all ran. */
function queue(count: number, ms: number, ran: number[]): Promise<void> {
  return new Promise((done) => {
    for (let i = 0; i < count; i++) {
      inTurn(() => {
        work(ms);
        ran.push(i);
        if (ran.length === count) done();
      }, {});
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
        }, {});
      }
    });
    expect(ran).toEqual([0, 1, 2, 3]);
    // Each ran in a turn of its own: a timer ran between every two of them.
    expect(new Set(turnsSeen).size).toBe(4);
  });

  it("run many short requests in one turn, not one a turn", async () => {
    await inTimersPhase();
    const ran: number[] = [];
    let ranBeforeTimer = -1;
    setTimeout(() => (ranBeforeTimer = ran.length), 0);
    // 0.1 ms each: a 2 ms slice has room for several before the timer's turn.
    await queue(40, 0.1, ran);
    expect(ranBeforeTimer).toBeGreaterThanOrEqual(3);
  });

  it("turn a connection away once it holds its share of the line, and take it again after", async () => {
    const connection = {};
    const ran: number[] = [];
    const taken = Array.from({ length: MAX_WAITING_PER_CONNECTION + 3 }, (_, i) =>
      inTurn(() => ran.push(i), connection),
    );
    expect(taken.filter(Boolean)).toHaveLength(MAX_WAITING_PER_CONNECTION);
    expect(taken.slice(MAX_WAITING_PER_CONNECTION)).toEqual([false, false, false]);
    // Another connection still gets in line.
    expect(inTurn(() => {}, {})).toBe(true);
    await vi.waitFor(() => expect(ran).toHaveLength(MAX_WAITING_PER_CONNECTION));
    expect(inTurn(() => ran.push(-1), connection)).toBe(true);
    await vi.waitFor(() => expect(ran.at(-1)).toBe(-1));
  });

  it("turn everyone away while the whole line is full, and say so", async () => {
    const ran: number[] = [];
    let taken = 0;
    for (let i = 0; i < MAX_WAITING + 5; i++) {
      if (inTurn(() => ran.push(i), {})) taken++;
    }
    expect(taken).toBe(MAX_WAITING);
    expect(lineIsFull()).toBe(true);
    await vi.waitFor(() => expect(ran).toHaveLength(MAX_WAITING));
    expect(lineIsFull()).toBe(false);
  });
});

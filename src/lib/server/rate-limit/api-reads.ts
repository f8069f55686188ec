import { RateLimiterMemory, RateLimiterRes } from "rate-limiter-flexible";

/**
 * How many API reads (GET and HEAD under /api) one client network may make a minute
 * (decision 085), so that one address pipelining cheap reads cannot take the CPU from
 * everyone else. Counted in this process's memory, unlike the other limits: a database
 * write per read would itself be the load, and each instance guards its own CPU.
 */
export class ApiReadRate {
  readonly #limiter: RateLimiterMemory;
  /**
   * Networks past their rate, until their minute ends. The limiter answers in a promise,
   * after every request already read from a connection has been handed over; a pipeline
   * of 32 reads would each be counted and answered. Known here, the first is refused at
   * once.
   */
  readonly #refusedUntil = new Map<string, number>();

  constructor(readsPerMinute: number) {
    this.#limiter = new RateLimiterMemory({
      keyPrefix: "apiReads",
      points: readsPerMinute,
      duration: 60,
    });
  }

  /** How long a network known to be past its rate must wait, or null when not known. */
  knownWait(network: string, now = Date.now()): number | null {
    const until = this.#refusedUntil.get(network);
    if (until === undefined) return null;
    if (until > now) return until - now;
    this.#refusedUntil.delete(network);
    return null;
  }

  /** Counts one read: 0 when it may go, else the milliseconds until the network's minute ends. */
  async consume(network: string): Promise<number> {
    try {
      await this.#limiter.consume(network);
      return 0;
    } catch (rejection) {
      if (!(rejection instanceof RateLimiterRes)) throw rejection;
      const wait = Math.max(1, rejection.msBeforeNext);
      const now = Date.now();
      // Networks that never come back would stay; past a bound, the lapsed ones go.
      if (this.#refusedUntil.size >= 10_000) {
        for (const [key, until] of this.#refusedUntil)
          if (until <= now) this.#refusedUntil.delete(key);
      }
      this.#refusedUntil.set(network, now + wait);
      return wait;
    }
  }
}

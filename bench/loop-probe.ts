/**
 * Loaded into the measured server with `--import` (bench/run.ts): how late its event loop
 * ran over its life, printed as one JSON log line when it exits. SIGUSR2 starts the count
 * afresh: the bench sends it once the local writer's model is loaded, so that the figure
 * is the serving's, not the start's (loading node-llama-cpp stalls the loop for seconds
 * before the port opens). The server itself keeps no probe that only the bench reads.
 */
import { writeSync } from "node:fs";
import { monitorEventLoopDelay } from "node:perf_hooks";

/** The histogram's timer is due every this many ms; an idle loop reads about that. */
const LOOP_TIMER_MS = 10;
const loopDelay = monitorEventLoopDelay({ resolution: LOOP_TIMER_MS });
loopDelay.enable();
process.on("SIGUSR2", () => loopDelay.reset());

const lateMs = (nanoseconds: number) =>
  Math.max(0, Math.round((nanoseconds / 1e6 - LOOP_TIMER_MS) * 10) / 10);

process.once("exit", () => {
  loopDelay.disable();
  const line = {
    msg: "event loop",
    eventLoopDelayMs: {
      p50: lateMs(loopDelay.percentile(50)),
      p99: lateMs(loopDelay.percentile(99)),
      max: lateMs(loopDelay.max),
    },
    loopTimerMs: LOOP_TIMER_MS,
  };
  // Synchronous: the process is ending.
  writeSync(1, `${JSON.stringify(line)}\n`);
});

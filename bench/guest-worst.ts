/**
 * `node bench/guest-worst.ts` (after `npm run build`): another user's `/api/auth/me` while
 * one guest does its worst with its texts (issue 24): 120 edits of 60,000 characters, then
 * rounds of 16 parallel reads of its trial texts for `GUEST_WORST_SECONDS` (10).
 * The user reads `/me` from a network of its own, signed in, on one kept-alive connection,
 * every 50 ms: alone first, then under the guest. On the embedded database, or on
 * PostgreSQL when TEST_DATABASE_URL names a server. Prints; asserts nothing.
 */
import { Agent, request as httpRequest } from "node:http";
import { setTimeout } from "node:timers/promises";
import { startChatFake } from "../tests/fakes/chat-completions.ts";
import { ApiClient, signUp } from "../tests/support/client.ts";
import { createStorage, startServer, usingPostgres } from "../tests/support/server.ts";

const SECONDS = Number(process.env.GUEST_WORST_SECONDS ?? 10);
const EDITS = 120;
const PARALLEL_READS = 16;
const USER_PAUSE_MS = 50;
/**
 * Between rounds of reads (`GUEST_WORST_PAUSE_MS`, 250): the red team's recipe is rounds
 * of 16; with 0 the rounds become a flood of refusals, which the API read rate
 * (decision 085) is there for.
 */
const ROUND_PAUSE_MS = Number(process.env.GUEST_WORST_PAUSE_MS ?? 250);

/** The user's connection, kept alive between reads as a browser keeps it. */
const browser = new Agent({ keepAlive: true, maxSockets: 1 });

function me(port: number, headers: Record<string, string>): Promise<number> {
  const started = performance.now();
  return new Promise((resolve, reject) => {
    const req = httpRequest(
      { host: "127.0.0.1", port, path: "/api/auth/me", agent: browser, headers },
      (res) => {
        res.resume();
        res.on("end", () => resolve(performance.now() - started));
      },
    );
    req.on("error", reject);
    req.end();
  });
}

const quantile = (values: number[], q: number) =>
  [...values].sort((a, b) => a - b)[Math.min(values.length - 1, Math.floor(values.length * q))]!;

const figures = (values: number[]) =>
  `p50 ${quantile(values, 0.5).toFixed(1)} ms, p99 ${quantile(values, 0.99).toFixed(1)} ms (${values.length} reads)`;

async function readsWhile(port: number, headers: Record<string, string>, busy: () => boolean) {
  const times: number[] = [];
  while (busy()) {
    times.push(await me(port, headers));
    await setTimeout(USER_PAUSE_MS);
  }
  return times;
}

const writer = await startChatFake({ model: "writer", text: "# Text\n\nA short text to edit." });
const storage = await createStorage();
const server = await startServer(storage, {
  env: { TRUSTED_PROXY: "1", OPENAI_COMPAT_BASE_URL: `${writer.url}/v1` },
});
try {
  const user = await signUp(server.url, true);
  const userHeaders = user.client.browserHeaders();
  await me(server.port, userHeaders);
  let quietLeft = 200;
  const quiet = await readsWhile(server.port, userHeaders, () => quietLeft-- > 0);

  const guest = new ApiClient(server.url);
  const first = await guest.post("/api/email/generate", {
    content: "Ask the landlord to repair the heating by Friday",
    language: "english",
    contentType: "email",
  });
  const parentId = first.body.generationId as string;
  const edits: Record<number, number> = {};
  for (let i = 0; i < EDITS; i++) {
    const text = `Edit ${i}. ${"Съешь же ещё этих мягких французских булок. ".repeat(1400)}`.slice(
      0,
      60_000,
    );
    const saved = await guest.post("/api/email/edit", { parentId, text });
    edits[saved.status] = (edits[saved.status] ?? 0) + 1;
  }

  let attacking = true;
  const reads: Record<number, number> = {};
  let bytes = 0;
  let largest = 0;
  const attack = (async () => {
    const until = Date.now() + SECONDS * 1000;
    while (Date.now() < until) {
      await Promise.all(
        Array.from({ length: PARALLEL_READS }, async () => {
          const response = await fetch(`${server.url}/api/email/trial`, {
            headers: guest.browserHeaders(),
          });
          const size = (await response.arrayBuffer()).byteLength;
          reads[response.status] = (reads[response.status] ?? 0) + 1;
          bytes += size;
          if (response.status === 200) largest = Math.max(largest, size);
        }),
      );
      await setTimeout(ROUND_PAUSE_MS);
    }
    attacking = false;
  })();
  const attacked = await readsWhile(server.port, userHeaders, () => attacking);
  await attack;

  const ratio = quantile(attacked, 0.99) / quantile(quiet, 0.99);
  console.log(`database: ${usingPostgres ? "PostgreSQL" : "embedded (PGlite)"}`);
  console.log(`guest's ${EDITS} edits of 60,000 characters: statuses ${JSON.stringify(edits)}`);
  console.log(
    `guest's trial reads, ${PARALLEL_READS} at a time every ${ROUND_PAUSE_MS} ms for ${SECONDS} s: statuses ${JSON.stringify(reads)}, ${(bytes / 1e6).toFixed(1)} MB sent, largest answer ${(largest / 1024).toFixed(0)} KiB`,
  );
  console.log(`another user's /me alone: ${figures(quiet)}`);
  console.log(`another user's /me under the guest: ${figures(attacked)}`);
  console.log(`p99 under the guest / alone: ${ratio.toFixed(2)}× (budget ≤ 2×)`);
} finally {
  await server.stop();
  await storage.cleanup();
  await writer.close();
  browser.destroy();
}

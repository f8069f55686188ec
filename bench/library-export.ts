/**
 * `node bench/library-export.ts` (after `npm run build`): the server's memory while one
 * account downloads its library of 2,000 texts as a zip (issue 28, item 4), against the
 * same server at rest. Each text is ~3 KB with one edited version; the zip is downloaded
 * with the newest versions, then with `?versions=all`. RSS is sampled from /proc every
 * 10 ms, the V8 heap from /metrics every 100 ms. On the embedded database, or on PostgreSQL
 * when TEST_DATABASE_URL names a server. Prints; asserts nothing. DESIGN §11: peak RSS
 * ≤ 400 MB on PGlite, ≤ 300 MB on PostgreSQL.
 */
import { setTimeout } from "node:timers/promises";
import { sql } from "drizzle-orm";
import { unzipSync } from "fflate";
import { parseConfig } from "#server/config.ts";
import { openDatabase } from "#server/db/index.ts";
import { ApiClient, signUp } from "../tests/support/client.ts";
import { createStorage, startServer, usingPostgres } from "../tests/support/server.ts";
import { rssMb } from "./writer-sides.ts";

const TEXTS = Number(process.env.LIBRARY_TEXTS ?? 2000);

/** The server's V8 heap in use, from its own /metrics (loopback may read it). */
async function heapMb(url: string): Promise<number> {
  const metrics = await (await fetch(`${url}/metrics`)).text();
  const used = /^nodejs_heap_size_used_bytes (\d+(?:\.\d+)?)/m.exec(metrics);
  return used ? Number(used[1]) / 1e6 : NaN;
}

/** Downloads the library as `client`, sampling the server's memory until it is in. */
async function measure(url: string, pid: number, client: ApiClient, query: string) {
  let downloading = true;
  let peakRss = 0;
  let peakHeap = 0;
  const rssSampler = (async () => {
    while (downloading) {
      peakRss = Math.max(peakRss, rssMb(pid));
      await setTimeout(10);
    }
  })();
  const heapSampler = (async () => {
    while (downloading) {
      peakHeap = Math.max(peakHeap, await heapMb(url));
      await setTimeout(100);
    }
  })();
  const started = performance.now();
  const response = await fetch(`${url}/api/email/export${query}`, {
    headers: client.browserHeaders(),
  });
  const bytes = new Uint8Array(await response.arrayBuffer());
  const seconds = (performance.now() - started) / 1000;
  downloading = false;
  await Promise.all([rssSampler, heapSampler]);
  const files = response.status === 200 ? Object.keys(unzipSync(bytes)).length : 0;
  return { status: response.status, bytes: bytes.length, files, seconds, peakRss, peakHeap };
}

const storage = await createStorage();
let server = await startServer(storage, { env: { TRUSTED_PROXY: "1" } });
try {
  const { client, email } = await signUp(server.url, true);
  // The embedded database is the server's own: the texts are written while it is stopped.
  await server.stop();
  const handle = await openDatabase(parseConfig(storage.env));
  await handle.db.execute(sql`
    insert into generations (user_id, status, subject, prompt, tone, language, content_type,
      generated_content, model_used, cost, created_at)
    select u.id, 'done', 'Text number ' || n || ' about ' || md5(n::text), 'A note', 'standard',
      'english', 'email', repeat(md5(n::text) || ' is a line of the text, written for the
      bench. ', 40), 'writer', 100, now() - n * interval '1 minute'
    from users u, generate_series(1, ${TEXTS}) n where u.email = ${email}`);
  await handle.db.execute(sql`
    insert into generations (user_id, status, subject, prompt, tone, language, content_type,
      generated_content, model_used, cost, parent_id, root_id, refinement, created_at)
    select g.user_id, 'done', g.subject, g.prompt, g.tone, g.language, g.content_type,
      g.generated_content || ' Edited.', 'writer', 0, g.id, g.id, 'edited',
      g.created_at + interval '1 second'
    from generations g join users u on u.id = g.user_id where u.email = ${email}`);
  await handle.db.execute(sql`analyze`);
  await handle.close();
  server = await startServer(storage, { env: { TRUSTED_PROXY: "1" } });
  const reader = new ApiClient(server.url, client.address);
  for (const [name, value] of client.cookies) reader.cookies.set(name, value);
  const pid = server.process.pid!;

  // At rest: after a signed-in read, so the session and history code are loaded.
  const history = await reader.get("/api/email/my");
  await setTimeout(1000);
  const restRss = rssMb(pid);
  const restHeap = await heapMb(server.url);
  console.log(`database: ${usingPostgres ? "PostgreSQL" : "embedded (PGlite)"}`);
  console.log(`library: ${history.body.total} texts, each with one edited version`);
  console.log(`at rest: RSS ${restRss.toFixed(0)} MB, heap ${restHeap.toFixed(0)} MB`);
  for (const [label, query] of [
    ["newest versions", ""],
    ["every version", "?versions=all"],
  ] as const) {
    const run = await measure(server.url, pid, reader, query);
    console.log(
      `${label}: ${run.status}, ${run.files} files, ${(run.bytes / 1e6).toFixed(1)} MB in ${run.seconds.toFixed(1)} s; peak RSS ${run.peakRss.toFixed(0)} MB (+${(run.peakRss - restRss).toFixed(0)}), peak heap ${run.peakHeap.toFixed(0)} MB (+${(run.peakHeap - restHeap).toFixed(0)})`,
    );
  }
  const budget = usingPostgres ? 300 : 400;
  console.log(
    `server peak RSS over the run (VmHWM): ${rssMb(pid, "VmHWM").toFixed(0)} MB (DESIGN §11 budget ≤ ${budget} MB)`,
  );
} finally {
  await server.stop();
  await storage.cleanup();
}

/**
 * `npm run jobs:cleanup`: one cleanup run, for cron. With the embedded database the server
 * runs the same job itself every 10 minutes (a PGlite directory has one owner at a time).
 */
import { getConfig } from "#server/config.ts";
import { openDatabase } from "#server/db/index.ts";
import { runCleanup } from "#server/jobs/cleanup.ts";

const handle = await openDatabase(getConfig());
try {
  const result = await runCleanup(handle.db, new Date());
  console.log(JSON.stringify(result));
} finally {
  await handle.close();
}

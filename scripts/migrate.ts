/** `npm run db:migrate`: applies migrations to DATABASE_URL or the embedded database. */
import { getConfig } from "#server/config.ts";
import { openDatabase } from "#server/db/index.ts";
import { NewerDatabase } from "#server/db/migrations.ts";

const config = getConfig();
try {
  const handle = await openDatabase(config);
  await handle.close();
  console.log(`Migrations applied (${handle.kind}).`);
} catch (error) {
  if (!(error instanceof NewerDatabase)) throw error;
  console.error(error.message);
  process.exitCode = 1;
}

/** `npm run db:migrate`: applies migrations to DATABASE_URL or the embedded database. */
import { getConfig } from "#server/config.ts";
import { openDatabase } from "#server/db/index.ts";

const config = getConfig();
const handle = await openDatabase(config);
await handle.close();
console.log(`Migrations applied (${handle.kind}).`);

import { pg_trgm } from "@electric-sql/pglite/contrib/pg_trgm";

/**
 * The extensions the migrations create: every PGlite that opens our data folder loads
 * them (the history search index uses pg_trgm).
 */
export const PGLITE_EXTENSIONS = { pg_trgm };

/**
 * The rows of a raw statement's answer (`db.execute`): drizzle types it by the driver, and
 * both of ours answer with `rows`, PGlite's Results and node-postgres' QueryResult alike.
 */
export function rowsOf<Row>(result: unknown): Row[] {
  return (result as { rows: Row[] }).rows;
}

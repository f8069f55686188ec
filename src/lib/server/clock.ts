/** Business rules take `now` as an argument so that tests can move time; endpoints pass this. */
export function systemNow(): Date {
  return new Date();
}

export const MINUTE_MS = 60_000;
export const HOUR_MS = 60 * MINUTE_MS;
export const DAY_MS = 24 * HOUR_MS;

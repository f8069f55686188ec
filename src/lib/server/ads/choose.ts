/** When a house ad may show, and which of several shows (issue 27). */
export interface Schedule {
  weight: number;
  activeFrom?: Date | undefined;
  activeUntil?: Date | undefined;
}

/** Active from `activeFrom` (inclusive) until `activeUntil` (exclusive), with a weight above 0. */
export function isActive(ad: Schedule, now: Date): boolean {
  if (ad.weight <= 0) return false;
  if (ad.activeFrom && now.getTime() < ad.activeFrom.getTime()) return false;
  if (ad.activeUntil && now.getTime() >= ad.activeUntil.getTime()) return false;
  return true;
}

/**
 * One of the ads active now, each as likely as its share of their weights; null when none
 * is. `random` is in [0, 1), as Math.random's.
 */
export function pickByWeight<T extends Schedule>(
  ads: readonly T[],
  now: Date,
  random: () => number = Math.random,
): T | null {
  const active = ads.filter((ad) => isActive(ad, now));
  const total = active.reduce((sum, ad) => sum + ad.weight, 0);
  if (total === 0) return null;
  let point = random() * total;
  for (const ad of active) {
    point -= ad.weight;
    if (point < 0) return ad;
  }
  return active.at(-1)!;
}

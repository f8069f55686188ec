/** What the server's /metrics says (loopback, no token needed). */
export async function readMetricsText(baseUrl: string): Promise<string> {
  const response = await fetch(`${baseUrl}/metrics`);
  if (response.status !== 200) throw new Error(`/metrics answered ${response.status}`);
  return response.text();
}

/**
 * A sample's value in Prometheus text: the line `name{labels} value`, with exactly these
 * labels in any order; 0 when there is none (a counter not yet counted).
 */
export function sample(text: string, name: string, labels: Record<string, string> = {}): number {
  for (const line of text.split("\n")) {
    const match = /^([a-zA-Z_:][\w:]*)(?:\{(.*)\})? (\S+)$/.exec(line);
    if (!match || match[1] !== name) continue;
    const given = Object.fromEntries(
      [...(match[2] ?? "").matchAll(/(\w+)="((?:[^"\\]|\\.)*)"/g)].map((m) => [m[1], m[2]]),
    );
    const wanted = Object.entries(labels);
    if (wanted.length === Object.keys(given).length && wanted.every(([k, v]) => given[k] === v)) {
      return Number(match[3]);
    }
  }
  return 0;
}

/** How far a sample moved between two readings of /metrics (0 for one still uncounted). */
export function growth(
  before: string,
  after: string,
  name: string,
  labels: Record<string, string> = {},
): number {
  return sample(after, name, labels) - sample(before, name, labels);
}

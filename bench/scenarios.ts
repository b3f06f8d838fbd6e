import autocannon from 'autocannon';

/** One measured request shape. */
export interface Scenario {
  name: string;
  path: string;
  method?: 'GET' | 'POST';
  headers?: Record<string, string>;
  body?: string;
}

export const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 32);
export const DURATION_S = Number(process.env.BENCH_DURATION ?? 8);

/** Requests per second for one run; fails loudly if any response was not 2xx. */
export async function requestsPerSecond(
  baseUrl: string,
  scenario: Scenario,
  connections = CONNECTIONS,
): Promise<number> {
  const result = await autocannon({
    url: baseUrl + scenario.path,
    method: scenario.method ?? 'GET',
    headers: scenario.headers ?? {},
    ...(scenario.body !== undefined ? { body: scenario.body } : {}),
    connections,
    duration: DURATION_S,
  });
  if (result.non2xx > 0 || result.errors > 0) {
    throw new Error(`${scenario.name}: ${result.non2xx} non-2xx answers, ${result.errors} errors`);
  }
  return result.requests.average;
}

/** Sends `amount` requests (warm-up, leak checks). */
export async function hammer(baseUrl: string, scenario: Scenario, amount: number): Promise<void> {
  await autocannon({
    url: baseUrl + scenario.path,
    method: scenario.method ?? 'GET',
    headers: scenario.headers ?? {},
    connections: CONNECTIONS,
    amount,
  });
}

export function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? NaN;
}

/** The response headers a static server can repeat (per-connection ones are its own). */
export function replayableHeaders(headers: Headers): Record<string, string> {
  const skip = new Set(['date', 'connection', 'keep-alive', 'content-length', 'transfer-encoding']);
  return Object.fromEntries([...headers.entries()].filter(([name]) => !skip.has(name)));
}

// `npm run bench`: each scenario is measured against a bare node:http baseline in the same run,
// and reported as a ratio, because absolute numbers on a shared machine are noise.
import { writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import { freePort } from '../apps/server/test/free-port.js';
import { memoryOf, REPO_ROOT, startBaseline, startPasteport } from './processes.js';

const DURATION_S = Number(process.env.BENCH_DURATION ?? 8);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 32);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 5);

async function rps(url: string): Promise<number> {
  const result = await autocannon({ url, connections: CONNECTIONS, duration: DURATION_S });
  if (result.non2xx > 0 || result.errors > 0)
    throw new Error(`${url}: ${result.non2xx} non-2xx, ${result.errors} errors`);
  return result.requests.average;
}

async function hammer(url: string, amount: number): Promise<void> {
  await autocannon({ url, connections: CONNECTIONS, amount });
}

/** The response headers a static server can repeat (per-connection ones are its own). */
function replayableHeaders(headers: Headers): Record<string, string> {
  const skip = new Set(['date', 'connection', 'keep-alive', 'content-length', 'transfer-encoding']);
  return Object.fromEntries([...headers.entries()].filter(([name]) => !skip.has(name)));
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? NaN;
}

async function main(): Promise<void> {
  const server = await startPasteport(await freePort());
  const sample = await fetch(`${server.url}/api/health`);
  const baseline = await startBaseline(await sample.text(), replayableHeaders(sample.headers));
  try {
    // Warm both up so the JIT has settled before anything is counted.
    await hammer(`${server.url}/api/health`, 2000);
    await hammer(baseline.url, 2000);

    // Alternate the two so a noisy moment hurts both, then take medians.
    const base: number[] = [];
    const health: number[] = [];
    for (let round = 0; round < ROUNDS; round++) {
      base.push(await rps(baseline.url));
      health.push(await rps(`${server.url}/api/health`));
    }
    const healthRatio = median(health) / median(base);

    // Leak check on a fresh server: RSS after the first 1k requests vs after 100k more.
    const fresh = await startPasteport(await freePort());
    await hammer(`${fresh.url}/api/health`, 1_000);
    const after1k = memoryOf(fresh.pid);
    await hammer(`${fresh.url}/api/health`, 100_000);
    const after100k = memoryOf(fresh.pid);
    await fresh.stop();

    const growthMb = after100k.rssMb - after1k.rssMb;
    const results = {
      date: new Date().toISOString(),
      machine: `${os.cpus()[0]?.model ?? 'unknown CPU'} × ${os.cpus().length}, ${(os.totalmem() / 2 ** 30).toFixed(0)} GiB, ${process.platform} ${os.release()}`,
      node: process.version,
      settings: `${CONNECTIONS} connections, ${DURATION_S} s per run, ${ROUNDS} alternating rounds, medians`,
      baselineRps: median(base),
      healthRps: median(health),
      healthRatio,
      rssAfter1kMb: after1k.rssMb,
      rssAfter100kMb: after100k.rssMb,
      rssGrowthMb: growthMb,
      peakRssMb: after100k.peakMb,
    };
    const goals = [
      { name: '/api/health ≥ 50 % of bare node:http', met: healthRatio >= 0.5 },
      { name: 'RSS growth over 100k requests ≤ 20 MB', met: growthMb <= 20 },
    ];
    console.log(JSON.stringify(results, null, 2));
    for (const goal of goals) console.log(`${goal.met ? 'MET ' : 'MISSED'}  ${goal.name}`);
    writeReport(results, goals);
    if (goals.some((g) => !g.met)) process.exitCode = 1;
  } finally {
    await baseline.stop();
    await server.stop();
  }
}

function writeReport(
  r: Record<string, string | number>,
  goals: { name: string; met: boolean }[],
): void {
  const num = (v: string | number | undefined, digits = 1) =>
    typeof v === 'number' ? v.toFixed(digits) : String(v);
  const lines = [
    '# Benchmarks',
    '',
    'Written by `npm run bench` (bench/run.ts). Each scenario runs against the built server and is',
    'reported as a ratio to a bare `node:http` server answering the same bytes (the same headers and',
    'body, so the load generator parses the same amount), measured in the same run with the rounds',
    'alternating, so machine noise hits both alike. Memory is read from `/proc/<pid>/status` of the',
    'server process.',
    '',
    `- Date: ${r.date}`,
    `- Machine: ${r.machine}`,
    `- Node: ${r.node}`,
    `- Load: ${r.settings}`,
    '',
    '| scenario | Pasteport req/s | baseline req/s | ratio | goal |',
    '|---|---:|---:|---:|---|',
    `| GET /api/health | ${num(r.healthRps, 0)} | ${num(r.baselineRps, 0)} | ${(Number(r.healthRatio) * 100).toFixed(1)} % | ≥ 50 % |`,
    '',
    '| memory | MB |',
    '|---|---:|',
    `| RSS after first 1k requests | ${num(r.rssAfter1kMb)} |`,
    `| RSS after 100k more requests | ${num(r.rssAfter100kMb)} |`,
    `| growth | ${num(r.rssGrowthMb)} (goal ≤ 20) |`,
    `| peak RSS | ${num(r.peakRssMb)} |`,
    '',
    '## Goals',
    '',
    ...goals.map((g) => `- ${g.met ? 'met' : 'MISSED'}: ${g.name}`),
    '',
  ];
  writeFileSync(path.join(REPO_ROOT, 'docs/BENCHMARKS.md'), lines.join('\n'));
}

void main();

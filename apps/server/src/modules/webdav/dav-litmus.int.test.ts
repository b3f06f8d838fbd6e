import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { type DatabaseKindUnderTest } from '../../../test/databases.js';
import {
  describeRun,
  ensureDebianTool,
  listenForClients,
  runTool,
  toolLog,
} from '../../../test/dav-clients.js';
import { givenStorage, type StorageKind } from '../../../test/files.js';
import { HANG_MS } from '../../../test/hang-guard.js';
import { TEST_ADMIN, useAdminApp } from '../../../test/identity.js';
import { createMount } from '../../../test/mounts.js';

/*
 * The litmus WebDAV compliance suite (Debian's `litmus`, 0.13) against the real app on a
 * loopback socket, on the two ends of the matrix: SQLite with local disk, PostgreSQL with the
 * S3-compatible test server. Each suite runs as its own litmus process, so one suite that
 * aborts cannot hide the others, and every result line is parsed and printed for the CI log.
 */

const SUITES = ['basic', 'copymove', 'props', 'locks', 'http'] as const;
type Suite = (typeof SUITES)[number];

/** The share of litmus tests that must pass, over all suites (skipped ones count as not passed). */
const MIN_PASS_RATE = 0.95;
/**
 * litmus 0.13 has 104 tests in these suites. A suite that aborts early (its `init` failed, or
 * litmus crashed) lists fewer, which would make a pass rate meaningless: the total must reach
 * this.
 */
const MIN_TESTS = 100;

type Outcome = 'pass' | 'fail' | 'skipped';

interface TestResult {
  suite: Suite;
  number: number;
  name: string;
  outcome: Outcome;
  /** The reason of a failure, the warning count of a pass, as litmus printed it. */
  detail: string;
  /** WARNING lines litmus printed while the test ran. */
  warnings: string[];
}

interface SuiteReport {
  suite: Suite;
  results: TestResult[];
  /** From `<- summary for 'x': of N tests run: P passed, F failed.`; null if never printed. */
  summary: { run: number; passed: number; failed: number } | null;
  /** From `-> N tests were skipped.` */
  skippedBySummary: number;
  exit: string;
}

/**
 * ` 3. put_get............... pass`; a name that fills the column has no dots
 * (`18. cond_put_corrupt_token pass`). The outcome may follow on a continuation line.
 */
const RESULT_LINE = /^\s*(\d+)\.\s+(\S+?)(?:\.+ ?| |$)(.*)$/;
/** `    ...................... pass (with 1 warning)`: the outcome after WARNING lines. */
const CONTINUATION_LINE = /^\s+\.{3,} ?(.*)$/;
const SUMMARY_LINE =
  /^<- summary for `(\w+)': of (\d+) tests run: (\d+) passed, (\d+) failed\.(?: [\d.]+%)?/;
const SKIPPED_LINE = /^-> (\d+) tests? (?:was|were) skipped\./;

function outcomeOf(text: string): { outcome: Outcome; detail: string } | null {
  if (text.startsWith('pass')) return { outcome: 'pass', detail: text.slice(4).trim() };
  if (text.startsWith('FAIL')) return { outcome: 'fail', detail: text.slice(4).trim() };
  if (text.startsWith('SKIPPED')) return { outcome: 'skipped', detail: text.slice(7).trim() };
  return null;
}

/** Every test result and the summary of one litmus run's output. */
function parseLitmus(suite: Suite, output: string): Omit<SuiteReport, 'exit'> {
  const results: TestResult[] = [];
  let summary: SuiteReport['summary'] = null;
  let skippedBySummary = 0;
  let open: TestResult | null = null;
  // litmus redraws each test line with a carriage return before printing its outcome, so both
  // CR and LF end a line here: the redrawn line then carries the outcome.
  for (const line of output.split(/[\r\n]+/)) {
    const summaryMatch = SUMMARY_LINE.exec(line);
    if (summaryMatch) {
      summary = {
        run: Number(summaryMatch[2]),
        passed: Number(summaryMatch[3]),
        failed: Number(summaryMatch[4]),
      };
      continue;
    }
    const skippedMatch = SKIPPED_LINE.exec(line);
    if (skippedMatch) {
      skippedBySummary = Number(skippedMatch[1]);
      continue;
    }
    const resultMatch = RESULT_LINE.exec(line);
    if (resultMatch) {
      const rest = resultMatch[3]!.trim();
      const test: TestResult = {
        suite,
        number: Number(resultMatch[1]),
        name: resultMatch[2]!,
        outcome: 'fail',
        detail: '',
        warnings: [],
      };
      const outcome = outcomeOf(rest);
      if (outcome) {
        Object.assign(test, outcome);
        results.push(test);
        open = null;
      } else {
        // A warning (or other note) came first; the outcome follows on a continuation line.
        if (rest.startsWith('WARNING:')) test.warnings.push(rest);
        open = test;
      }
      continue;
    }
    if (open) {
      const continuation = CONTINUATION_LINE.exec(line);
      const outcome = continuation ? outcomeOf(continuation[1]!.trim()) : null;
      if (outcome) {
        Object.assign(open, outcome);
        results.push(open);
        open = null;
      } else if (line.trim().startsWith('WARNING:')) {
        open.warnings.push(line.trim());
      }
      continue;
    }
    // A failure's reason may run over several lines (`FAIL (… 501 …` then `Server must …)`).
    const last = results.at(-1);
    if (last?.outcome === 'fail' && line.trim() !== '' && !/^(<-|->)/.test(line)) {
      last.detail += ` ${line.trim()}`;
    }
  }
  // A test that started but never printed an outcome (litmus died mid-test) is a failure.
  if (open) results.push({ ...open, outcome: 'fail', detail: 'no outcome printed' });
  return { suite, results, summary, skippedBySummary };
}

/** Runs one litmus suite in its own temp cwd (litmus writes debug.log and child.log there). */
async function runSuite(
  litmus: string,
  url: string,
  password: string,
  suite: Suite,
): Promise<SuiteReport> {
  const cwd = await mkdtemp(path.join(os.tmpdir(), `pp-litmus-${suite}-`));
  try {
    const run = await runTool(litmus, ['-k', url, TEST_ADMIN.username, password], {
      cwd,
      env: { ...process.env, TESTS: suite },
    });
    return { ...parseLitmus(suite, run.stdout), exit: describeRun(run, 2000) };
  } finally {
    await rm(cwd, { recursive: true, force: true });
  }
}

/** Prints the per-suite table and every failure with its reason, for the CI log. */
function printReport(title: string, reports: SuiteReport[]): void {
  const rows = reports.map((report) => {
    const count = (outcome: Outcome) => report.results.filter((r) => r.outcome === outcome).length;
    return {
      suite: report.suite,
      tests: report.results.length,
      passed: count('pass'),
      failed: count('fail'),
      skipped: count('skipped'),
      warnings: report.results.reduce((sum, r) => sum + r.warnings.length, 0),
    };
  });
  const total = rows.reduce(
    (sum, row) => ({
      suite: 'TOTAL',
      tests: sum.tests + row.tests,
      passed: sum.passed + row.passed,
      failed: sum.failed + row.failed,
      skipped: sum.skipped + row.skipped,
      warnings: sum.warnings + row.warnings,
    }),
    { suite: 'TOTAL', tests: 0, passed: 0, failed: 0, skipped: 0, warnings: 0 },
  );
  const line = (r: typeof total) =>
    `${r.suite.padEnd(10)}${String(r.tests).padStart(6)}${String(r.passed).padStart(8)}` +
    `${String(r.failed).padStart(8)}${String(r.skipped).padStart(9)}${String(r.warnings).padStart(10)}`;
  const out = [
    `litmus on ${title}`,
    `${'suite'.padEnd(10)}${'tests'.padStart(6)}${'passed'.padStart(8)}${'failed'.padStart(8)}${'skipped'.padStart(9)}${'warnings'.padStart(10)}`,
    ...rows.map(line),
    line(total),
  ];
  const problems = reports.flatMap((r) => r.results).filter((r) => r.outcome !== 'pass');
  for (const r of problems) {
    out.push(`  ${r.outcome.toUpperCase()} ${r.suite}/${r.number}. ${r.name}: ${r.detail}`);
  }
  for (const r of reports.flatMap((report) => report.results)) {
    for (const warning of r.warnings) out.push(`  warning ${r.suite}/${r.name}: ${warning}`);
  }
  // One line each, so the table stays readable in CI's log.
  for (const text of out) toolLog.info(text);
}

const CONFIGURATIONS: { db: DatabaseKindUnderTest; storage: StorageKind }[] = [
  { db: 'sqlite', storage: 'local' },
  { db: 'postgres', storage: 's3' },
];

describe.each(CONFIGURATIONS)('litmus against /dav on $db with $storage storage', (config) => {
  // A fresh app per test; its close() also closes the listening socket.
  const admin = useAdminApp(config.db);

  // One litmus process per suite, each bounded by the hang guard (runTool kills a hung one).
  it(
    `passes at least ${MIN_PASS_RATE * 100} % of the suites ${SUITES.join(', ')}`,
    async (ctx) => {
      const litmus =
        (await ensureDebianTool('/usr/bin/litmus', 'litmus')) ??
        ctx.skip('litmus is not installed (apt-get install -y litmus)');
      const { t, token } = admin;
      const storageId = await givenStorage(t, token, config.storage);
      const mountPath = `/litmus-${config.storage}`;
      // Uncached listings: litmus checks each write with the next PROPFIND.
      await createMount(t, token, mountPath, storageId, { cache_ttl: 0 });
      const port = await listenForClients(t);
      const url = `http://127.0.0.1:${port}/dav${mountPath}/`;

      const reports: SuiteReport[] = [];
      for (const suite of SUITES) {
        reports.push(await runSuite(litmus, url, TEST_ADMIN.password, suite));
      }
      printReport(`${config.db} + ${config.storage}`, reports);

      for (const report of reports) {
        // Every suite ran to its end and its own count agrees with the lines we parsed.
        expect(report.summary, `${report.suite}: no summary line\n${report.exit}`).not.toBeNull();
        const listed = report.results.filter((r) => r.outcome !== 'skipped');
        expect(listed.length, `${report.suite}: parsed results vs summary`).toBe(
          report.summary!.run,
        );
        expect(listed.filter((r) => r.outcome === 'pass').length).toBe(report.summary!.passed);
        expect(report.results.length - listed.length).toBe(report.skippedBySummary);
      }
      const all = reports.flatMap((r) => r.results);
      expect(all.length).toBeGreaterThanOrEqual(MIN_TESTS);
      const passed = all.filter((r) => r.outcome === 'pass').length;
      const failures = all
        .filter((r) => r.outcome !== 'pass')
        .map((r) => `${r.suite}/${r.name}: ${r.outcome} ${r.detail}`);
      expect(passed / all.length, failures.join('\n')).toBeGreaterThanOrEqual(MIN_PASS_RATE);
    },
    HANG_MS * (SUITES.length + 1),
  );
});

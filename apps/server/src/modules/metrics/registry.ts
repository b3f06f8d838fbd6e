/**
 * A small metrics registry written out in the Prometheus text exposition format 0.0.4. One
 * registry per app (never a process global): two apps in one process (tests, a scale-out
 * check) each count only their own traffic.
 */

export const EXPOSITION_CONTENT_TYPE = 'text/plain; version=0.0.4; charset=utf-8';

/** The usual latency buckets, in seconds. */
export const DEFAULT_BUCKETS: readonly number[] = [
  0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10,
];

type LabelValues<L extends string> = Readonly<Record<L, string>>;

/** One value of a family read at scrape time (a gauge from the database, a cache's counters). */
export interface Sample<L extends string = string> {
  labels?: LabelValues<L>;
  value: number;
}

export interface Counter<L extends string = never> {
  inc(labels: LabelValues<L>, by?: number): void;
}

export interface Histogram<L extends string = never> {
  observe(labels: LabelValues<L>, value: number): void;
}

interface Family {
  name: string;
  help: string;
  type: 'counter' | 'gauge' | 'histogram';
  /** The family's lines without HELP/TYPE. */
  lines(): Promise<string[]> | string[];
}

const METRIC_NAME = /^[a-zA-Z_:][a-zA-Z0-9_:]*$/;
const LABEL_NAME = /^[a-zA-Z_][a-zA-Z0-9_]*$/;

/** A label value as the format writes it: backslash, double quote and newline escaped. */
export function escapeLabelValue(value: string): string {
  return value.replace(/\\/g, '\\\\').replace(/"/g, '\\"').replace(/\n/g, '\\n');
}

/** HELP text: backslash and newline escaped (quotes stay as they are). */
export function escapeHelp(text: string): string {
  return text.replace(/\\/g, '\\\\').replace(/\n/g, '\\n');
}

/** A sample value: Go's float spellings for the special values. */
export function formatValue(value: number): string {
  if (Number.isNaN(value)) return 'NaN';
  if (value === Infinity) return '+Inf';
  if (value === -Infinity) return '-Inf';
  return String(value);
}

function labelText(names: readonly string[], values: readonly string[]): string {
  if (names.length === 0) return '';
  return `{${names.map((n, i) => `${n}="${escapeLabelValue(values[i] ?? '')}"`).join(',')}}`;
}

function valuesOf(names: readonly string[], labels: Readonly<Record<string, string>> = {}) {
  return names.map((name) => {
    const value = labels[name];
    if (typeof value !== 'string') throw new Error(`label ${name} has no value`);
    return value;
  });
}

export function createRegistry() {
  const families = new Map<string, Family>();

  function add(family: Family, labelNames: readonly string[]): void {
    if (!METRIC_NAME.test(family.name)) throw new Error(`invalid metric name ${family.name}`);
    if (families.has(family.name)) throw new Error(`metric ${family.name} registered twice`);
    for (const label of labelNames) {
      if (!LABEL_NAME.test(label) || label.startsWith('__')) {
        throw new Error(`invalid label name ${label} on ${family.name}`);
      }
    }
    families.set(family.name, family);
  }

  /** A series per distinct label values, kept in insertion order. */
  function series<T>(labelNames: readonly string[], create: () => T) {
    const map = new Map<string, { values: string[]; state: T }>();
    return {
      map,
      get(labels: Readonly<Record<string, string>>): T {
        const values = valuesOf(labelNames, labels);
        const key = values.join('\u0000');
        let entry = map.get(key);
        if (!entry) {
          entry = { values, state: create() };
          map.set(key, entry);
        }
        return entry.state;
      },
    };
  }

  function sampleLines(
    name: string,
    labelNames: readonly string[],
    samples: readonly Sample[],
  ): string[] {
    return samples.map(
      (s) =>
        `${name}${labelText(labelNames, valuesOf(labelNames, s.labels))} ${formatValue(s.value)}`,
    );
  }

  return {
    /** A counter the code increments. */
    counter<L extends string = never>(
      name: string,
      help: string,
      labelNames: readonly L[] = [],
    ): Counter<L> {
      const all = series(labelNames, () => ({ value: 0 }));
      // Without labels the one series exists from the start: a rate needs its 0.
      if (labelNames.length === 0) all.get({});
      add(
        {
          name,
          help,
          type: 'counter',
          lines: () =>
            [...all.map.values()].map(
              (e) => `${name}${labelText(labelNames, e.values)} ${formatValue(e.state.value)}`,
            ),
        },
        labelNames,
      );
      return {
        inc(labels, by = 1) {
          if (!(by >= 0)) throw new Error(`${name} can only go up (got ${by})`);
          all.get(labels).value += by;
        },
      };
    },

    /** A counter or gauge whose samples are read when scraped. */
    collected<L extends string = never>(
      type: 'counter' | 'gauge',
      name: string,
      help: string,
      labelNames: readonly L[],
      read: () => readonly Sample<L>[] | Promise<readonly Sample<L>[]>,
    ): void {
      add(
        {
          name,
          help,
          type,
          lines: async () => sampleLines(name, labelNames, await read()),
        },
        labelNames,
      );
    },

    /** A histogram: cumulative buckets (with `+Inf`), `_sum` and `_count` per series. */
    histogram<L extends string = never>(
      name: string,
      help: string,
      labelNames: readonly L[] = [],
      buckets: readonly number[] = DEFAULT_BUCKETS,
    ): Histogram<L> {
      if ((labelNames as readonly string[]).includes('le')) {
        throw new Error(`${name}: "le" is the bucket label`);
      }
      const bounds = [...buckets];
      if (bounds.some((b, i) => !Number.isFinite(b) || (i > 0 && b <= bounds[i - 1]!))) {
        throw new Error(`${name}: buckets must be finite and increasing`);
      }
      const all = series(labelNames, () => ({
        counts: new Array<number>(bounds.length + 1).fill(0),
        sum: 0,
        count: 0,
      }));
      add(
        {
          name,
          help,
          type: 'histogram',
          lines: () =>
            [...all.map.values()].flatMap(({ values, state }) => {
              const lines: string[] = [];
              let cumulative = 0;
              for (const [i, bound] of [...bounds, Infinity].entries()) {
                cumulative += state.counts[i] ?? 0;
                const le = labelText([...labelNames, 'le'], [...values, formatValue(bound)]);
                lines.push(`${name}_bucket${le} ${cumulative}`);
              }
              const labels = labelText(labelNames, values);
              lines.push(`${name}_sum${labels} ${formatValue(state.sum)}`);
              lines.push(`${name}_count${labels} ${state.count}`);
              return lines;
            }),
        },
        labelNames,
      );
      return {
        observe(labels, value) {
          const state = all.get(labels);
          // The first bucket whose upper bound holds the value; past the last one: +Inf's.
          let i = bounds.findIndex((bound) => value <= bound);
          if (i === -1) i = bounds.length;
          state.counts[i] = (state.counts[i] ?? 0) + 1;
          state.sum += value;
          state.count += 1;
        },
      };
    },

    /** Every family with its HELP and TYPE lines, in the order registered. */
    async render(): Promise<string> {
      const out: string[] = [];
      for (const family of families.values()) {
        out.push(`# HELP ${family.name} ${escapeHelp(family.help)}`);
        out.push(`# TYPE ${family.name} ${family.type}`);
        out.push(...(await family.lines()));
      }
      return `${out.join('\n')}\n`;
    },
  };
}

export type Registry = ReturnType<typeof createRegistry>;

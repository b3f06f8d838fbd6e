import { describe, expect, it } from 'vitest';
import { createRegistry, escapeHelp, escapeLabelValue, formatValue } from './registry.js';

describe('the metrics exposition', () => {
  it('escapes backslash, double quote and newline in label values, and HELP text', () => {
    expect(escapeLabelValue('a\\b"c\nd')).toBe('a\\\\b\\"c\\nd');
    expect(escapeLabelValue('plain /api/paste/:slug')).toBe('plain /api/paste/:slug');
    expect(escapeHelp('line\\one\nline "two"')).toBe('line\\\\one\\nline "two"');
  });

  it('writes HELP and TYPE lines, then one line per label set, with escaped values', async () => {
    const registry = createRegistry();
    const counter = registry.counter('demo_total', 'Demo\ncounter.', ['route', 'status']);
    counter.inc({ route: '/x', status: '200' });
    counter.inc({ route: '/x', status: '200' }, 2);
    counter.inc({ route: 'we"ird\\\n', status: '404' });
    expect(await registry.render()).toBe(
      [
        '# HELP demo_total Demo\\ncounter.',
        '# TYPE demo_total counter',
        'demo_total{route="/x",status="200"} 3',
        'demo_total{route="we\\"ird\\\\\\n",status="404"} 1',
        '',
      ].join('\n'),
    );
  });

  it('writes histogram buckets cumulatively, ending with +Inf, then _sum and _count', async () => {
    const registry = createRegistry();
    const histogram = registry.histogram('demo_seconds', 'Demo.', ['method'], [0.1, 1, 5]);
    for (const value of [0.05, 0.1, 0.5, 3, 60]) histogram.observe({ method: 'GET' }, value);
    histogram.observe({ method: 'POST' }, 2);
    const lines = (await registry.render()).trim().split('\n');
    expect(lines).toEqual([
      '# HELP demo_seconds Demo.',
      '# TYPE demo_seconds histogram',
      // 0.1 itself falls in le="0.1" (upper bounds are inclusive).
      'demo_seconds_bucket{method="GET",le="0.1"} 2',
      'demo_seconds_bucket{method="GET",le="1"} 3',
      'demo_seconds_bucket{method="GET",le="5"} 4',
      'demo_seconds_bucket{method="GET",le="+Inf"} 5',
      'demo_seconds_sum{method="GET"} 63.65',
      'demo_seconds_count{method="GET"} 5',
      'demo_seconds_bucket{method="POST",le="0.1"} 0',
      'demo_seconds_bucket{method="POST",le="1"} 0',
      'demo_seconds_bucket{method="POST",le="5"} 1',
      'demo_seconds_bucket{method="POST",le="+Inf"} 1',
      'demo_seconds_sum{method="POST"} 2',
      'demo_seconds_count{method="POST"} 1',
    ]);
  });

  it('reads collected families when scraped, a family without samples keeps its HELP/TYPE', async () => {
    const registry = createRegistry();
    let active = 1;
    registry.collected('gauge', 'demo_active', 'Active.', [], () =>
      Promise.resolve([{ value: active }]),
    );
    registry.collected('gauge', 'demo_none', 'Nothing here.', [], () => []);
    registry.collected('gauge', 'demo_info', 'Info.', ['version'], () => [
      { labels: { version: '1.2.3' }, value: 1 },
    ]);
    expect(await registry.render()).toContain('demo_active 1\n');
    active = 7;
    const text = await registry.render();
    expect(text).toContain('\ndemo_active 7\n');
    expect(text).toContain('# TYPE demo_none gauge\n# HELP demo_info Info.');
    expect(text).toContain('demo_info{version="1.2.3"} 1\n');
  });

  it('spells special values as Prometheus does', () => {
    expect([Infinity, -Infinity, NaN, 0, 1.5, 1e21].map(formatValue)).toEqual([
      '+Inf',
      '-Inf',
      'NaN',
      '0',
      '1.5',
      '1e+21',
    ]);
  });

  it('refuses bad names, duplicates, a missing label, "le" on a histogram and a counter going down', () => {
    const registry = createRegistry();
    expect(() => registry.counter('bad-name', 'x')).toThrow(/invalid metric name/);
    expect(() => registry.counter('ok_total', 'x', ['bad-label'])).toThrow(/invalid label name/);
    expect(() => registry.counter('ok2_total', 'x', ['__reserved'])).toThrow(/invalid label name/);
    const counter = registry.counter('once_total', 'x', ['a']);
    expect(() => registry.counter('once_total', 'x')).toThrow(/registered twice/);
    expect(() => counter.inc({} as { a: string })).toThrow(/label a has no value/);
    expect(() => counter.inc({ a: 'x' }, -1)).toThrow(/can only go up/);
    expect(() => registry.histogram('h_seconds', 'x', ['le'])).toThrow(/bucket label/);
    expect(() => registry.histogram('h2_seconds', 'x', [], [1, 1])).toThrow(/increasing/);
  });

  it('keeps each registry to itself', async () => {
    const a = createRegistry();
    const b = createRegistry();
    a.counter('shared_total', 'x').inc({});
    b.counter('shared_total', 'x');
    expect(await a.render()).toContain('shared_total 1');
    expect(await b.render()).not.toContain('shared_total 1');
    // A counter without labels reads 0 before its first increment.
    expect(await b.render()).toContain('\nshared_total 0\n');
  });
});

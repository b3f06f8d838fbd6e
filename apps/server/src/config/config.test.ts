import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { parseConfig } from './config.js';

function parse(env: Record<string, string>) {
  return parseConfig(env, '/srv/pasteport');
}

describe('parseConfig', () => {
  it('uses the embedded defaults when nothing is set', () => {
    const result = parse({});
    expect(result).toEqual({
      ok: true,
      config: {
        host: '127.0.0.1',
        port: 8787,
        dataDir: '/srv/pasteport/data',
        database: { kind: 'sqlite', file: path.join('/srv/pasteport/data', 'pasteport.db') },
        publicUrl: undefined,
        admin: { username: undefined, password: undefined },
        appSecret: undefined,
        sessionTtlMs: 86_400_000,
        logLevel: 'info',
        trustProxy: false,
        corsOrigins: [],
        httpLimits: { bodyIdleTimeoutMs: 30_000, maxAnonymousUploads: 16 },
        metricsToken: undefined,
        allowLoopbackFetch: false,
      },
    });
  });

  it('allows loopback fetches only when asked, and never with NODE_ENV=production', () => {
    const asked = parse({ TEST_ONLY_ALLOW_LOOPBACK_FETCH: 'true', NODE_ENV: 'test' });
    expect(asked.ok && asked.config.allowLoopbackFetch).toBe(true);
    expect(parse({ TEST_ONLY_ALLOW_LOOPBACK_FETCH: 'false', NODE_ENV: 'production' }).ok).toBe(
      true,
    );
    const refused = parse({ TEST_ONLY_ALLOW_LOOPBACK_FETCH: 'yes', NODE_ENV: 'production' });
    expect(refused.ok).toBe(false);
    expect(!refused.ok && refused.problems.join('\n')).toMatch(
      /^TEST_ONLY_ALLOW_LOOPBACK_FETCH: .*refused when NODE_ENV=production/,
    );
    const typo = parse({ TEST_ONLY_ALLOW_LOOPBACK_FETCH: 'sure' });
    expect(!typo.ok && typo.problems.join('\n')).toMatch(/^TEST_ONLY_ALLOW_LOOPBACK_FETCH: /);
  });

  it('reads METRICS_TOKEN, refuses a short or unsendable one by name and never echoes it', () => {
    const token = 'scrape-token-0123456789';
    const set = parse({ METRICS_TOKEN: token });
    expect(set.ok && set.config.metricsToken).toBe(token);
    expect(parse({ METRICS_TOKEN: '' })).toMatchObject({
      ok: true,
      config: { metricsToken: undefined },
    });
    expect(parse({ METRICS_TOKEN: 'a'.repeat(16) }).ok).toBe(true);
    for (const bad of [
      'a'.repeat(15),
      'short-secret-x',
      'has spaces in it, 16+',
      'x'.repeat(513),
    ]) {
      const result = parse({ METRICS_TOKEN: bad });
      expect(result.ok, bad).toBe(false);
      if (result.ok) continue;
      expect(result.problems).toHaveLength(1);
      expect(result.problems[0]).toMatch(/^METRICS_TOKEN: must be 16 to 512/);
      expect(result.problems[0]).toContain(`(got ${bad.length} characters)`);
      expect(result.problems[0]).not.toContain(bad);
    }
  });

  it('treats empty strings as unset', () => {
    const result = parse({ PORT: '', DATABASE_URL: '', LOG_LEVEL: '', TRUST_PROXY: '', HOST: '' });
    expect(result.ok && result.config.port).toBe(8787);
    expect(result.ok && result.config.database.kind).toBe('sqlite');
    expect(result.ok && result.config.host).toBe('127.0.0.1');
  });

  it('selects PostgreSQL from a postgres:// URL and trims the public URL', () => {
    const result = parse({
      DATABASE_URL: 'postgresql://u:p@db:5432/pp',
      PUBLIC_URL: 'https://paste.example.com/',
      PORT: '9000',
      LOG_LEVEL: 'DEBUG',
    });
    expect(result.ok).toBe(true);
    if (!result.ok) return;
    expect(result.config.database).toEqual({
      kind: 'postgres',
      url: 'postgresql://u:p@db:5432/pp',
    });
    expect(result.config.publicUrl).toBe('https://paste.example.com');
    expect(result.config.port).toBe(9000);
    expect(result.config.logLevel).toBe('debug');
  });

  it('names every problem at once, in plain words', () => {
    const result = parse({
      PORT: 'eighty',
      DATABASE_URL: 'mysql://x',
      LOG_LEVEL: 'loud',
      PUBLIC_URL: 'ftp://x',
      APP_SECRET: 'short',
      ADMIN_PASSWORD: '123',
      TRUST_PROXY: 'not a proxy!',
    });
    expect(result.ok).toBe(false);
    if (result.ok) return;
    const names = result.problems.map((p) => p.split(':')[0]);
    expect(names.sort()).toEqual(
      [
        'ADMIN_PASSWORD',
        'APP_SECRET',
        'DATABASE_URL',
        'LOG_LEVEL',
        'PORT',
        'PUBLIC_URL',
        'TRUST_PROXY',
      ].sort(),
    );
    expect(result.problems.find((p) => p.startsWith('PORT'))).toContain(
      'whole number between 0 and 65535',
    );
    expect(result.problems.find((p) => p.startsWith('PORT'))).toContain('"eighty"');
  });

  it('reads the session lifetime in hours', () => {
    const result = parse({ SESSION_TTL_HOURS: '0.5' });
    expect(result.ok && result.config.sessionTtlMs).toBe(1_800_000);
    expect(parse({ SESSION_TTL_HOURS: '0' }).ok).toBe(false);
    expect(parse({ SESSION_TTL_HOURS: 'forever' }).ok).toBe(false);
  });

  it('reads the body idle timeout in seconds (0 turns it off) and the anonymous upload slots', () => {
    const result = parse({ BODY_IDLE_TIMEOUT_SECONDS: '2.5', MAX_ANONYMOUS_UPLOADS: '3' });
    expect(result.ok && result.config.httpLimits).toEqual({
      bodyIdleTimeoutMs: 2500,
      maxAnonymousUploads: 3,
    });
    expect(parse({ BODY_IDLE_TIMEOUT_SECONDS: '0' }).ok).toBe(true);
    expect(parse({ BODY_IDLE_TIMEOUT_SECONDS: '-1' }).ok).toBe(false);
    expect(parse({ MAX_ANONYMOUS_UPLOADS: '0' }).ok).toBe(false);
    expect(parse({ MAX_ANONYMOUS_UPLOADS: 'many' }).ok).toBe(false);
  });

  it('refuses a port out of range', () => {
    expect(parse({ PORT: '70000' }).ok).toBe(false);
    expect(parse({ PORT: '-1' }).ok).toBe(false);
    expect(parse({ PORT: '80.5' }).ok).toBe(false);
  });

  it.each([
    ['true', true],
    ['TRUE', true],
    ['yes', true],
    ['false', false],
    ['no', false],
    // Digits are a hop count, never the boolean: `1` behind one proxy must not trust every hop.
    ['1', 1],
    ['0', false],
    ['2', 2],
    ['007', 7],
    ['100', 100],
    ['10.0.0.0/8, 192.168.1.1', ['10.0.0.0/8', '192.168.1.1']],
  ])('reads TRUST_PROXY=%s', (value, expected) => {
    const result = parse({ TRUST_PROXY: value });
    expect(result.ok && result.config.trustProxy).toEqual(expected);
  });

  it('refuses a TRUST_PROXY hop count beyond any real proxy chain, naming the variable', () => {
    for (const value of ['101', '9'.repeat(400)]) {
      const result = parse({ TRUST_PROXY: value });
      expect(result.ok).toBe(false);
      expect(!result.ok && result.problems.join('\n')).toMatch(/^TRUST_PROXY: .*hop count/);
    }
  });

  it('reads CORS_ORIGINS as a list of exact origins', () => {
    const result = parse({
      CORS_ORIGINS: 'https://app.example.com, http://127.0.0.1:5173,https://app.example.com',
    });
    expect(result.ok && result.config.corsOrigins).toEqual([
      'https://app.example.com',
      'http://127.0.0.1:5173',
    ]);
    expect(parse({ CORS_ORIGINS: '' }).ok && parse({ CORS_ORIGINS: '' })).toMatchObject({
      config: { corsOrigins: [] },
    });
  });

  it.each([
    '*',
    'app.example.com',
    'https://app.example.com/',
    'https://a.example/path',
    'ftp://x',
    ',',
  ])('refuses CORS_ORIGINS=%s with a clear problem', (value) => {
    const result = parse({ CORS_ORIGINS: value });
    expect(result.ok).toBe(false);
    if (result.ok) return;
    expect(result.problems).toHaveLength(1);
    expect(result.problems[0]).toMatch(/^CORS_ORIGINS: must be a comma-separated list of origins/);
  });
});

import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createSystemService, type SystemProbes } from './system.service.js';

function probes(overrides: Partial<SystemProbes> = {}): SystemProbes & { calls: () => number } {
  let calls = 0;
  return {
    databaseKind: 'sqlite',
    pingDatabase: () => {
      calls++;
      return Promise.resolve();
    },
    checkDefaultStorage: () => Promise.resolve(),
    calls: () => calls,
    ...overrides,
  };
}

describe('system service health', () => {
  beforeEach(() => vi.useFakeTimers({ toFake: ['Date'] }));
  afterEach(() => vi.useRealTimers());

  it('is ok when both probes pass', async () => {
    const health = await createSystemService(probes()).health();
    expect(health.status).toBe('ok');
    expect(health.checks.database.status).toBe('up');
    expect(health.checks.storage.status).toBe('up');
  });

  it('is degraded and names the failing probe with its reason', async () => {
    const health = await createSystemService(
      probes({ checkDefaultStorage: () => Promise.reject(new Error('disk gone')) }),
    ).health();
    expect(health.status).toBe('degraded');
    expect(health.checks.storage).toMatchObject({ status: 'down', error: 'disk gone' });
    expect(health.checks.database.status).toBe('up');
  });

  it('shares one probe round between concurrent callers and reuses it for a second', async () => {
    const p = probes();
    const system = createSystemService(p, { reuseMs: 1000 });
    await Promise.all([system.health(), system.health(), system.health()]);
    expect(p.calls()).toBe(1);
    vi.setSystemTime(Date.now() + 999);
    await system.health();
    expect(p.calls()).toBe(1);
    vi.setSystemTime(Date.now() + 2);
    await system.health();
    expect(p.calls()).toBe(2);
  });

  it('notices a dependency going down once the reuse window has passed', async () => {
    let up = true;
    const system = createSystemService(
      probes({
        pingDatabase: () => (up ? Promise.resolve() : Promise.reject(new Error('closed'))),
      }),
      { reuseMs: 1000 },
    );
    expect((await system.health()).status).toBe('ok');
    up = false;
    vi.setSystemTime(Date.now() + 1001);
    expect((await system.health()).checks.database).toMatchObject({
      status: 'down',
      error: 'closed',
    });
  });

  it('reports the version with the database kind', () => {
    expect(createSystemService(probes({ databaseKind: 'postgres' })).version()).toEqual({
      name: 'Pasteport',
      version: '0.7.0',
      runtime: `node ${process.version}`,
      database: 'postgres',
    });
  });
});

import { beforeAll, describe, expect, it } from 'vitest';
import { AppError } from '../../lib/app-error.js';
import { hashPassword } from '../../lib/passwords.js';
import {
  checkSharePassword,
  sharePasswordGate,
  type SharePasswordThrottle,
} from './share-password.js';

/** A throttle that records what it was asked and can be locked. */
function recordingThrottle(locked = false) {
  const calls: string[] = [];
  const refuse = () => new AppError('RATE_LIMITED', 'locked');
  const throttle: SharePasswordThrottle = {
    assertAllowed: (ip, scope) => {
      calls.push(`allowed ${ip} ${scope}`);
      return locked ? Promise.reject(refuse()) : Promise.resolve();
    },
    reserve: (ip, scope) => {
      calls.push(`reserve ${ip} ${scope}`);
      if (locked) return Promise.reject(refuse());
      return Promise.resolve({
        release: () => {
          calls.push(`release ${scope}`);
          return Promise.resolve();
        },
      });
    },
  };
  return { throttle, calls };
}

const codeOf = (promise: Promise<unknown>) =>
  promise.then(
    () => 'ok',
    (err: unknown) => (err instanceof AppError ? err.code : 'other'),
  );

describe('checkSharePassword', () => {
  let hash = '';
  beforeAll(async () => {
    hash = await hashPassword('right');
  });
  const check = (password: string | undefined, passwordHash: string | null = hash) => ({
    scope: 'file:1',
    passwordHash,
    password,
    ip: '10.0.0.1',
  });

  it('asks nothing of a share without a password', async () => {
    const { throttle, calls } = recordingThrottle(true);
    expect(await codeOf(checkSharePassword(throttle, check('any', null)))).toBe('ok');
    expect(calls).toEqual([]);
  });

  it('counts no attempt for a missing password, yet says 401 (429 when locked)', async () => {
    const open = recordingThrottle();
    expect(await codeOf(checkSharePassword(open.throttle, check(undefined)))).toBe(
      'PASSWORD_INVALID',
    );
    expect(open.calls).toEqual(['allowed 10.0.0.1 file:1']);
    const locked = recordingThrottle(true);
    expect(await codeOf(checkSharePassword(locked.throttle, check('')))).toBe('RATE_LIMITED');
  });

  it('reserves an attempt before a wrong password and keeps it', async () => {
    const { throttle, calls } = recordingThrottle();
    expect(await codeOf(checkSharePassword(throttle, check('wrong')))).toBe('PASSWORD_INVALID');
    expect(calls).toEqual(['reserve 10.0.0.1 file:1']);
  });

  it('releases the attempt of the right password', async () => {
    const { throttle, calls } = recordingThrottle();
    expect(await codeOf(checkSharePassword(throttle, check('right')))).toBe('ok');
    expect(calls).toEqual(['reserve 10.0.0.1 file:1', 'release file:1']);
  });

  it('refuses even the right password while the scope is locked', async () => {
    const { throttle } = recordingThrottle(true);
    expect(await codeOf(checkSharePassword(throttle, check('right')))).toBe('RATE_LIMITED');
  });
});

describe('sharePasswordGate', () => {
  it('throttles each share in its own scope, named by its noun and id', async () => {
    const { throttle, calls } = recordingThrottle();
    const gate = sharePasswordGate(throttle, 'paste');
    const share = { id: 'p1', password_hash: await hashPassword('right') };
    expect(await codeOf(gate(share, 'wrong', '10.0.0.2'))).toBe('PASSWORD_INVALID');
    expect(await codeOf(gate({ id: 'p2', password_hash: null }, undefined, '10.0.0.2'))).toBe('ok');
    expect(calls).toEqual(['reserve 10.0.0.2 paste:p1']);
  });
});

import { describe, expect, it, vi } from 'vitest';
import { isAppError } from '../lib/app-error.js';
import { pinnedLookup, resolvePinned, type Resolver } from './resolve-pinned.js';
import { parseTargetUrl } from './url-policy.js';

const live = new AbortController().signal;

function resolverOf(answer: string[]) {
  return vi.fn<Resolver>(() => Promise.resolve(answer));
}

async function refusalOf(promise: Promise<unknown>): Promise<{ code: string; rule?: string }> {
  try {
    await promise;
  } catch (error) {
    if (!isAppError(error)) throw error;
    const rule = error.details?.[0]?.rule;
    return rule === undefined ? { code: error.code } : { code: error.code, rule };
  }
  throw new Error('the URL was accepted');
}

function pin(raw: string, resolve: Resolver, allowAddresses?: string[]) {
  return resolvePinned(parseTargetUrl(raw), { resolve, allowAddresses, signal: live });
}

describe('resolvePinned: IP-literal hosts', () => {
  // WHATWG URL turns every legacy IPv4 spelling into dotted decimal before the policy sees it.
  it.each([
    'http://127.0.0.1/',
    'http://2130706433/',
    'http://0x7f.1/',
    'http://0177.0.0.1/',
    'http://127.1:8080/',
    'http://0/',
    'http://[::1]/',
    'http://[::ffff:127.0.0.1]/',
    'http://[0:0:0:0:0:ffff:7f00:1]/',
    'http://[::ffff:8.8.8.8]/',
    'http://169.254.169.254/latest/meta-data/',
    'http://0xa9fea9fe/',
    'http://10.0.0.1/',
    'https://192.168.1.1:8443/',
    'http://[fd00:ec2::254]/',
    'http://[64:ff9b::a00:1]/',
    'http://[2002:a9fe:a9fe::]/',
  ])('refuses %s without asking DNS', async (raw) => {
    const resolve = resolverOf(['8.8.8.8']);
    expect(await refusalOf(pin(raw, resolve))).toEqual({
      code: 'VALIDATION_FAILED',
      rule: 'private_address',
    });
    expect(resolve).not.toHaveBeenCalled();
  });

  it('pins a public literal to itself', async () => {
    const resolve = resolverOf([]);
    await expect(pin('http://8.8.8.8:81/', resolve)).resolves.toEqual({
      address: '8.8.8.8',
      family: 4,
    });
    await expect(pin('http://[2606:4700:4700::1111]/', resolve)).resolves.toEqual({
      address: '2606:4700:4700::1111',
      family: 6,
    });
    expect(resolve).not.toHaveBeenCalled();
  });
});

describe('resolvePinned: host names', () => {
  it('resolves once and pins the first checked address', async () => {
    const resolve = resolverOf(['93.184.216.34', '2606:2800:220:1::1']);
    await expect(pin('https://example.test/x', resolve)).resolves.toEqual({
      address: '93.184.216.34',
      family: 4,
    });
    expect(resolve).toHaveBeenCalledTimes(1);
    expect(resolve).toHaveBeenCalledWith('example.test');
  });

  it('refuses a name when any one of its addresses is forbidden', async () => {
    for (const answer of [
      ['93.184.216.34', '10.0.0.1'],
      ['93.184.216.34', '169.254.169.254'],
      ['2606:2800:220:1::1', '::1'],
      ['93.184.216.34', '::ffff:93.184.216.34'],
    ]) {
      expect(await refusalOf(pin('http://rebind.test/', resolverOf(answer)))).toEqual({
        code: 'VALIDATION_FAILED',
        rule: 'private_address',
      });
    }
  });

  it('fails closed on an answer that is not an address', async () => {
    expect(await refusalOf(pin('http://odd.test/', resolverOf(['localhost'])))).toEqual({
      code: 'VALIDATION_FAILED',
      rule: 'private_address',
    });
  });

  it('calls a name without addresses unresolvable, and DNS trouble an upstream failure', async () => {
    expect(await refusalOf(pin('http://none.test/', resolverOf([])))).toEqual({
      code: 'VALIDATION_FAILED',
      rule: 'unresolvable',
    });
    const missing = () => Promise.reject(Object.assign(new Error('nope'), { code: 'ENOTFOUND' }));
    expect(await refusalOf(pin('http://none.test/', missing))).toEqual({
      code: 'VALIDATION_FAILED',
      rule: 'unresolvable',
    });
    const broken = () => Promise.reject(Object.assign(new Error('down'), { code: 'ESERVFAIL' }));
    expect(await refusalOf(pin('http://none.test/', broken))).toEqual({ code: 'UPSTREAM_FAILED' });
  });

  it('lets the test seam allow exactly the listed addresses', async () => {
    await expect(
      pin('http://public.test/', resolverOf(['127.0.0.1']), ['127.0.0.1']),
    ).resolves.toEqual({
      address: '127.0.0.1',
      family: 4,
    });
    expect(
      await refusalOf(
        pin('http://public.test/', resolverOf(['127.0.0.1', '127.0.0.2']), ['127.0.0.1']),
      ),
    ).toEqual({ code: 'VALIDATION_FAILED', rule: 'private_address' });
  });

  it('catches localhost through the system resolver (/etc/hosts)', async () => {
    const url = parseTargetUrl('http://localhost:1/');
    expect(await refusalOf(resolvePinned(url, { signal: live }))).toEqual({
      code: 'VALIDATION_FAILED',
      rule: 'private_address',
    });
  });

  it('gives up on a resolver that hangs when the deadline fires', async () => {
    const controller = new AbortController();
    const hanging = () => new Promise<string[]>(() => undefined);
    const pending = resolvePinned(parseTargetUrl('http://slow.test/'), {
      resolve: hanging,
      signal: controller.signal,
    });
    const reason = new Error('deadline');
    controller.abort(reason);
    await expect(pending).rejects.toBe(reason);
  });
});

describe('pinnedLookup', () => {
  it('answers with the pinned address whatever name is asked', () => {
    const lookup = pinnedLookup({ address: '93.184.216.34', family: 4 });
    const single = vi.fn();
    lookup('attacker-rebinds.test', { all: false }, single);
    expect(single).toHaveBeenCalledWith(null, '93.184.216.34', 4);
    const all = vi.fn();
    lookup('attacker-rebinds.test', { all: true }, all);
    expect(all).toHaveBeenCalledWith(null, [{ address: '93.184.216.34', family: 4 }]);
  });
});

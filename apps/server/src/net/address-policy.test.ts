import { describe, expect, it } from 'vitest';
import { isForbiddenAddress } from './address-policy.js';

/** [range, addresses inside it (forbidden), neighbours just outside it (allowed)] */
const V4_TABLE: [string, string[], string[]][] = [
  ['0.0.0.0/8', ['0.0.0.0', '0.255.255.255'], ['1.0.0.0']],
  ['10.0.0.0/8', ['10.0.0.0', '10.255.255.255'], ['9.255.255.255', '11.0.0.0']],
  ['100.64.0.0/10', ['100.64.0.0', '100.127.255.255'], ['100.63.255.255', '100.128.0.0']],
  ['127.0.0.0/8', ['127.0.0.0', '127.0.0.1', '127.255.255.255'], ['126.255.255.255', '128.0.0.0']],
  [
    '169.254.0.0/16',
    ['169.254.0.0', '169.254.169.254', '169.254.255.255'],
    ['169.253.255.255', '169.255.0.0'],
  ],
  ['172.16.0.0/12', ['172.16.0.0', '172.31.255.255'], ['172.15.255.255', '172.32.0.0']],
  ['192.0.0.0/24', ['192.0.0.0', '192.0.0.255'], ['191.255.255.255', '192.0.1.0']],
  ['192.0.2.0/24', ['192.0.2.0', '192.0.2.255'], ['192.0.1.255', '192.0.3.0']],
  ['192.168.0.0/16', ['192.168.0.0', '192.168.255.255'], ['192.167.255.255', '192.169.0.0']],
  ['198.18.0.0/15', ['198.18.0.0', '198.19.255.255'], ['198.17.255.255', '198.20.0.0']],
  ['198.51.100.0/24', ['198.51.100.0', '198.51.100.255'], ['198.51.99.255', '198.51.101.0']],
  ['203.0.113.0/24', ['203.0.113.0', '203.0.113.255'], ['203.0.112.255', '203.0.114.0']],
  ['224.0.0.0/4', ['224.0.0.0', '239.255.255.255'], ['223.255.255.255']],
  ['240.0.0.0/4', ['240.0.0.0', '255.255.255.254'], []],
  ['255.255.255.255/32', ['255.255.255.255'], []],
];

const MAX = 'ffff:ffff:ffff:ffff';

const V6_TABLE: [string, string[], string[]][] = [
  // :: and ::1 sit in the deprecated IPv4-compatible block, refused whole.
  ['::/96', ['::', '::1', '::2', '::127.0.0.1', '::ffff:ffff'], ['::1:0:0']],
  [
    '::ffff:0:0/96 (mapped)',
    ['::ffff:0.0.0.0', '::ffff:127.0.0.1', '::ffff:7f00:1', '::ffff:255.255.255.255'],
    ['::fffe:ffff:ffff', '0:0:0:0:1::'],
  ],
  ['::ffff:0:0:0/96 (translated)', ['::ffff:0:0:0', '::ffff:0:8.8.8.8'], ['0:0:0:1::']],
  [
    '64:ff9b::/96 (NAT64)',
    ['64:ff9b::', '64:ff9b::8.8.8.8', '64:ff9b::7f00:1', '64:ff9b::ffff:ffff'],
    [`64:ff9a:${MAX}:ffff:ffff`, '64:ff9b::1:0:0'],
  ],
  [
    '64:ff9b:1::/48 (local NAT64)',
    ['64:ff9b:1::', '64:ff9b:1::a00:1', `64:ff9b:1:${MAX}:ffff`],
    [`64:ff9b:0:${MAX}:ffff`, '64:ff9b:2::'],
  ],
  ['100::/64', ['100::', `100::${MAX}`], [`ff:ffff:${MAX}:ffff:ffff`, '100:0:0:1::']],
  [
    '2001:db8::/32',
    ['2001:db8::', `2001:db8:${MAX}:ffff:ffff`],
    [`2001:db7:${MAX}:ffff:ffff`, '2001:db9::'],
  ],
  [
    'fc00::/7',
    ['fc00::', 'fd00:ec2::254', `fdff:ffff:${MAX}:ffff:ffff`],
    [`fbff:ffff:${MAX}:ffff:ffff`, 'fe00::'],
  ],
  [
    'fe80::/10',
    ['fe80::', 'fe80::1', 'fe80::1%eth0', `febf:ffff:${MAX}:ffff:ffff`],
    [`fe7f:ffff:${MAX}:ffff:ffff`],
  ],
  ['fec0::/10 (site-local)', ['fec0::', `feff:ffff:${MAX}:ffff:ffff`], []],
  ['ff00::/8', ['ff00::', 'ff02::1', `ffff:ffff:${MAX}:ffff:ffff`], []],
];

describe('isForbiddenAddress: IPv4', () => {
  it.each(V4_TABLE)('%s: refuses inside, allows just outside', (_range, inside, outside) => {
    for (const ip of inside) expect(isForbiddenAddress(ip), ip).toBe(true);
    for (const ip of outside) expect(isForbiddenAddress(ip), ip).toBe(false);
  });

  it('allows ordinary public addresses', () => {
    for (const ip of ['8.8.8.8', '1.1.1.1', '93.184.216.34', '100.128.0.1', '223.255.255.255']) {
      expect(isForbiddenAddress(ip), ip).toBe(false);
    }
  });
});

describe('isForbiddenAddress: IPv6', () => {
  it.each(V6_TABLE)('%s: refuses inside, allows just outside', (_range, inside, outside) => {
    for (const ip of inside) expect(isForbiddenAddress(ip), ip).toBe(true);
    for (const ip of outside) expect(isForbiddenAddress(ip), ip).toBe(false);
  });

  it('refuses IPv4-mapped forms even of public addresses', () => {
    for (const ip of ['::ffff:8.8.8.8', '::ffff:808:808', '0:0:0:0:0:ffff:0808:0808']) {
      expect(isForbiddenAddress(ip), ip).toBe(true);
    }
  });

  it('judges 6to4 by the embedded IPv4 address', () => {
    expect(isForbiddenAddress('2002:7f00:1::')).toBe(true); // 127.0.0.1
    expect(isForbiddenAddress('2002:a00:1::1')).toBe(true); // 10.0.0.1
    expect(isForbiddenAddress('2002:a9fe:a9fe::')).toBe(true); // 169.254.169.254
    expect(isForbiddenAddress('2002:c0a8:101::')).toBe(true); // 192.168.1.1
    expect(isForbiddenAddress('2002::')).toBe(true); // 0.0.0.0
    expect(isForbiddenAddress('2002:808:808::1')).toBe(false); // 8.8.8.8
    expect(isForbiddenAddress(`2001:ffff:${MAX}:ffff:ffff`)).toBe(false);
    expect(isForbiddenAddress('2003::')).toBe(false);
  });

  it('reads every spelling of the same address alike', () => {
    for (const ip of [
      '0:0:0:0:0:0:0:1',
      '0000:0000:0000:0000:0000:0000:0000:0001',
      '0000:0000:0000:0000:0000:FFFF:7F00:0001',
      '::FFFF:127.0.0.1',
      'FE80::ABCD',
      'FD00:EC2::254',
    ]) {
      expect(isForbiddenAddress(ip), ip).toBe(true);
    }
  });

  it('allows ordinary public addresses', () => {
    for (const ip of ['2606:4700:4700::1111', '2001:4860:4860::8888', '2a00:1450:4001:80b::200e']) {
      expect(isForbiddenAddress(ip), ip).toBe(false);
    }
  });
});

describe('isForbiddenAddress: anything else', () => {
  it('fails closed on strings that are not a canonical address', () => {
    for (const text of [
      '',
      'localhost',
      '127.1',
      '0x7f.0.0.1',
      '2130706433',
      '01.2.3.4',
      '[::1]',
    ]) {
      expect(isForbiddenAddress(text), text).toBe(true);
    }
  });
});

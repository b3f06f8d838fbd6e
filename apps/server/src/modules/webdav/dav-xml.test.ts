import { describe, expect, it } from 'vitest';
import {
  element,
  errorBody,
  parseLockInfo,
  parsePropertyUpdate,
  parsePropfind,
  parseXml,
} from './dav-xml.js';

const PROPFIND = (inner: string) =>
  `<?xml version="1.0"?><D:propfind xmlns:D="DAV:">${inner}</D:propfind>`;

describe('parsePropfind', () => {
  it('reads an empty body as allprop', () => {
    expect(parsePropfind('  ')).toEqual({ kind: 'allprop', include: [] });
  });

  it('reads named properties with their namespaces, whatever the prefixes', () => {
    const body = PROPFIND(
      '<D:prop><D:getetag/><x:color xmlns:x="urn:c"/><plain xmlns=""/></D:prop>',
    );
    expect(parsePropfind(body)).toEqual({
      kind: 'prop',
      props: [
        { ns: 'DAV:', name: 'getetag' },
        { ns: 'urn:c', name: 'color' },
        { ns: '', name: 'plain' },
      ],
    });
  });

  it('reads propname, and allprop with include', () => {
    expect(parsePropfind(PROPFIND('<D:propname/>'))).toEqual({ kind: 'propname' });
    expect(
      parsePropfind(PROPFIND('<D:allprop/><D:include><D:quota-used-bytes/></D:include>')),
    ).toEqual({ kind: 'allprop', include: [{ ns: 'DAV:', name: 'quota-used-bytes' }] });
  });

  it.each([
    ['<D:propfind xmlns:D="DAV:"><D:prop>', 'malformed XML'],
    ['<D:propfind xmlns:D="DAV:"><D:prop><bar:foo/></D:prop></D:propfind>', 'an undeclared prefix'],
    ['<propfind xmlns="urn:not-dav"><prop/></propfind>', 'another root element'],
    [PROPFIND(''), 'nothing asked'],
  ])('refuses %s (%s) with 400', (body) => {
    expect(() => parsePropfind(body)).toThrow(expect.objectContaining({ status: 400 }));
  });
});

describe('parseXml', () => {
  it('refuses a DOCTYPE, so no entity is ever expanded (XXE, billion laughs)', () => {
    const xxe =
      '<?xml version="1.0"?><!DOCTYPE d [<!ENTITY x SYSTEM "file:///etc/passwd">]><D:propfind xmlns:D="DAV:"><D:prop>&x;</D:prop></D:propfind>';
    expect(() => parseXml(xxe)).toThrow(expect.objectContaining({ status: 400 }));
  });
});

describe('parsePropertyUpdate', () => {
  it('keeps set and remove in document order, with values as XML carrying their namespaces', () => {
    const body = `<D:propertyupdate xmlns:D="DAV:" xmlns:Z="urn:z">
      <D:set><D:prop><Z:a>one &amp; two</Z:a><Z:b><Z:inner x="1"/></Z:b></D:prop></D:set>
      <D:remove><D:prop><Z:c/></D:prop></D:remove>
    </D:propertyupdate>`;
    const changes = parsePropertyUpdate(body);
    expect(changes.map((c) => [c.op, c.ns, c.name])).toEqual([
      ['set', 'urn:z', 'a'],
      ['set', 'urn:z', 'b'],
      ['remove', 'urn:z', 'c'],
    ]);
    expect(changes[0]).toMatchObject({ value: 'one &amp; two' });
    // The inner element names its namespace itself, so it means the same wherever it is shown.
    expect(changes[1]).toMatchObject({ value: '<Z:inner x="1" xmlns:Z="urn:z"/>' });
  });

  it('keeps characters beyond the BMP', () => {
    const body = `<D:propertyupdate xmlns:D="DAV:"><D:set><D:prop><x xmlns="urn:x">\u{10348}</x></D:prop></D:set></D:propertyupdate>`;
    expect(parsePropertyUpdate(body)[0]).toMatchObject({ value: '\u{10348}' });
  });
});

describe('parseLockInfo', () => {
  it('reads the scope and the owner as XML', () => {
    const body = `<D:lockinfo xmlns:D="DAV:"><D:lockscope><D:shared/></D:lockscope><D:locktype><D:write/></D:locktype><D:owner><D:href>mailto:a@b</D:href></D:owner></D:lockinfo>`;
    expect(parseLockInfo(body)).toEqual({
      scope: 'shared',
      owner: '<D:href xmlns:D="DAV:">mailto:a@b</D:href>',
    });
  });

  it('refuses a lock of another type (422) and a missing scope (400)', () => {
    const noWrite = `<D:lockinfo xmlns:D="DAV:"><D:lockscope><D:exclusive/></D:lockscope><D:locktype><D:read/></D:locktype></D:lockinfo>`;
    expect(() => parseLockInfo(noWrite)).toThrow(expect.objectContaining({ status: 422 }));
    const noScope = `<D:lockinfo xmlns:D="DAV:"><D:locktype><D:write/></D:locktype></D:lockinfo>`;
    expect(() => parseLockInfo(noScope)).toThrow(expect.objectContaining({ status: 400 }));
  });
});

describe('element', () => {
  it('declares the namespace on the element itself, and none for a name in no namespace', () => {
    expect(element({ ns: 'urn:x', name: 'a' }, 'v')).toBe('<R:a xmlns:R="urn:x">v</R:a>');
    expect(element({ ns: '', name: 'a' }, '')).toBe('<a xmlns=""/>');
    expect(element({ ns: 'DAV:', name: 'href' }, 'x')).toBe('<D:href>x</D:href>');
  });

  it('escapes what a namespace URI may hold', () => {
    expect(element({ ns: 'urn:"x"&', name: 'a' }, '')).toBe(
      '<R:a xmlns:R="urn:&quot;x&quot;&amp;"/>',
    );
  });
});

describe('errorBody', () => {
  it('names the condition and the hrefs it concerns', () => {
    expect(errorBody('lock-token-submitted', ['/dav/a&b'])).toContain(
      '<D:lock-token-submitted><D:href>/dav/a&amp;b</D:href></D:lock-token-submitted>',
    );
  });
});

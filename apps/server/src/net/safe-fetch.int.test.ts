// One file on purpose (over 400 lines): the loopback fence and the recording servers
// (test/recording-servers.ts) wrap every case here.
import type http from 'node:http';
import type net from 'node:net';
import type { Readable } from 'node:stream';
import { buffer } from 'node:stream/consumers';
import tls from 'node:tls';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { UNTIL_DONE } from '../../test/hang-guard.js';
import { fenceToLoopback } from '../../test/loopback-fence.js';
import { useRecordingServers, type RecordingServer } from '../../test/recording-servers.js';
import { isAppError, type AppError } from '../lib/app-error.js';
import { safeFetch, type SafeFetchOptions } from './safe-fetch.js';

// Nothing here may send a packet beyond loopback (see test/loopback-fence.ts).
const { violations } = fenceToLoopback();

// ---------------------------------------------------------------------------------------------
// Loopback test servers that record every connection and request (test/recording-servers.ts).

type TestServer = RecordingServer;

const startServer = useRecordingServers();

afterEach(() => {
  expect(violations).toEqual([]);
});

/** No socket of the server is left open: safeFetch destroyed what it no longer needed. */
async function allClosed(server: TestServer): Promise<void> {
  await vi.waitFor(() => expect(server.open.size).toBe(0), UNTIL_DONE);
}

/** The resolve seam: names map to loopback, and 127.0.0.1 stands in for a public address. */
function publicDns(names: Record<string, string[]>) {
  const calls: string[] = [];
  const options: SafeFetchOptions = {
    resolve: (hostname) => {
      calls.push(hostname);
      return Promise.resolve(names[hostname] ?? []);
    },
    allowAddresses: ['127.0.0.1'],
  };
  return { calls, options };
}

async function failure(promise: Promise<unknown>): Promise<AppError> {
  try {
    await promise;
  } catch (error) {
    if (isAppError(error)) return error;
    throw error;
  }
  throw new Error('expected a failure');
}

function ruleOf(error: AppError): string | undefined {
  return error.details?.[0]?.rule;
}

const text = async (body: Readable): Promise<string> => (await buffer(body)).toString('utf8');

const ok =
  (body = 'ok'): http.RequestListener =>
  (_req, res) => {
    res.end(body);
  };

const redirectTo =
  (location: string, status = 302): http.RequestListener =>
  (_req, res) => {
    res.writeHead(status, { location }).end('moved');
  };

// ---------------------------------------------------------------------------------------------

describe('safeFetch: private targets', () => {
  it('(a) refuses a loopback URL before any connection is made', async () => {
    const server = await startServer(ok());
    for (const url of [
      `http://127.0.0.1:${server.port}/`,
      `http://localhost:${server.port}/`,
      `http://2130706433:${server.port}/`,
      `http://0x7f.1:${server.port}/`,
      `http://[::ffff:127.0.0.1]:${server.port}/`,
    ]) {
      const error = await failure(safeFetch(url));
      expect(error.code, url).toBe('VALIDATION_FAILED');
      expect(error.status).toBe(400);
      expect(error.details).toEqual([
        {
          field: 'url',
          rule: 'private_address',
          message: 'this URL points to a private or local network address, which is not allowed',
        },
      ]);
    }
    expect(server.connections).toBe(0);
    expect(server.requests).toHaveLength(0);
  });

  it('(b) refuses a redirect from a public host to a private one', async () => {
    const inner = await startServer(ok('secret'), '127.0.0.2');
    const targets = [
      `http://127.0.0.2:${inner.port}/`,
      `http://[::ffff:127.0.0.2]:${inner.port}/`,
      `http://2130706434:${inner.port}/`,
      `http://internal.test:${inner.port}/`,
      'http://10.0.0.1/',
      'http://169.254.169.254/latest/meta-data/',
      'http://[fd00:ec2::254]/',
    ];
    for (const target of targets) {
      const outer = await startServer(redirectTo(target));
      const dns = publicDns({ 'public.test': ['127.0.0.1'], 'internal.test': ['127.0.0.2'] });
      const error = await failure(safeFetch(`http://public.test:${outer.port}/`, dns.options));
      expect(error.code, target).toBe('VALIDATION_FAILED');
      expect(ruleOf(error), target).toBe('private_address');
      expect(outer.requests).toHaveLength(1);
      await allClosed(outer);
    }
    expect(inner.connections).toBe(0);
  });

  it('refuses redirects to other schemes or to URLs with credentials', async () => {
    for (const [location, rule] of [
      ['file:///etc/passwd', 'scheme'],
      ['gopher://public.test:70/_x', 'scheme'],
      ['http://user:pw@public.test/', 'credentials'],
    ]) {
      const server = await startServer(redirectTo(location ?? ''));
      const dns = publicDns({ 'public.test': ['127.0.0.1'] });
      const error = await failure(safeFetch(`http://public.test:${server.port}/`, dns.options));
      expect(ruleOf(error), location).toBe(rule);
    }
  });
});

describe('safeFetch: DNS pinning', () => {
  it('(c) resolves each hop exactly once and connects to the checked address', async () => {
    const second = await startServer(ok('second'));
    const first = await startServer(redirectTo(`http://second.test:${second.port}/end`));
    // A rebinding name: harmless on the first answer, private on every later one.
    let asked = 0;
    const calls: string[] = [];
    const resolve = (hostname: string): Promise<string[]> => {
      calls.push(hostname);
      if (hostname === 'public.test') return Promise.resolve(['127.0.0.1']);
      asked += 1;
      return Promise.resolve(asked === 1 ? ['127.0.0.1'] : ['10.0.0.1']);
    };
    const response = await safeFetch(`http://public.test:${first.port}/start`, {
      resolve,
      allowAddresses: ['127.0.0.1'],
    });
    expect(await text(response.body)).toBe('second');
    expect(calls).toEqual(['public.test', 'second.test']);
    // The names exist nowhere but in the seam: the socket used the pinned address, and the
    // request still named the host the user asked for.
    expect(first.requests[0]?.headers.host).toBe(`public.test:${first.port}`);
    expect(second.requests[0]?.headers.host).toBe(`second.test:${second.port}`);
    expect(response.url).toBe(`http://second.test:${second.port}/end`);
  });

  it('(c) refuses a name that resolves to a public and a private address', async () => {
    const server = await startServer(ok());
    const dns = publicDns({ 'public.test': ['127.0.0.1', '10.0.0.1'] });
    const error = await failure(safeFetch(`http://public.test:${server.port}/`, dns.options));
    expect(ruleOf(error)).toBe('private_address');
    expect(dns.calls).toEqual(['public.test']);
    expect(server.connections).toBe(0);
  });

  it('refuses a name without addresses as unresolvable', async () => {
    const dns = publicDns({});
    const error = await failure(safeFetch('http://nowhere.test/', dns.options));
    expect(ruleOf(error)).toBe('unresolvable');
  });

  it('keeps the original name as TLS SNI for https', async () => {
    const names: string[] = [];
    const tlsServer = tls.createServer({
      SNICallback: (name, callback) => {
        names.push(name);
        callback(new Error('no certificate in this test'));
      },
    });
    await new Promise<void>((resolve) => tlsServer.listen(0, '127.0.0.1', resolve));
    try {
      const address = tlsServer.address() as net.AddressInfo;
      const dns = publicDns({ 'public.test': ['127.0.0.1'] });
      const error = await failure(safeFetch(`https://public.test:${address.port}/`, dns.options));
      expect(error.code).toBe('UPSTREAM_FAILED');
      expect(names).toEqual(['public.test']);
    } finally {
      await new Promise<void>((resolve) => tlsServer.close(() => resolve()));
    }
  });
});

describe('safeFetch: redirects', () => {
  /** /r/N redirects to /r/N+1 until N reaches `hops`, which answers 200. */
  function chain(hops: number): http.RequestListener {
    return (req, res) => {
      const n = Number((req.url ?? '').split('/')[2]);
      if (n < hops) res.writeHead(301, { location: `/r/${n + 1}` }).end();
      else res.end(`arrived after ${n}`);
    };
  }

  it('(d) follows up to 5 redirects by default and refuses the 6th', async () => {
    const five = await startServer(chain(5));
    const dns = publicDns({ 'public.test': ['127.0.0.1'] });
    const response = await safeFetch(`http://public.test:${five.port}/r/0`, dns.options);
    expect(await text(response.body)).toBe('arrived after 5');
    expect(response.url).toBe(`http://public.test:${five.port}/r/5`);

    const six = await startServer(chain(6));
    const error = await failure(safeFetch(`http://public.test:${six.port}/r/0`, dns.options));
    expect(ruleOf(error)).toBe('too_many_redirects');
    expect(six.requests.map((r) => r.url)).toEqual([
      '/r/0',
      '/r/1',
      '/r/2',
      '/r/3',
      '/r/4',
      '/r/5',
    ]);
    await allClosed(six);
  });

  it('honours maxRedirects', async () => {
    const server = await startServer(chain(1));
    const dns = publicDns({ 'public.test': ['127.0.0.1'] });
    const url = `http://public.test:${server.port}/r/0`;
    expect(ruleOf(await failure(safeFetch(url, { ...dns.options, maxRedirects: 0 })))).toBe(
      'too_many_redirects',
    );
    const response = await safeFetch(url, { ...dns.options, maxRedirects: 1 });
    expect(response.status).toBe(200);
    response.body.resume();
  });

  it('turns 303 into GET and keeps the method on 307', async () => {
    const server = await startServer((req, res) => {
      if (req.url === '/see-other') res.writeHead(303, { location: '/done' }).end();
      else if (req.url === '/temporary') res.writeHead(307, { location: '/done' }).end();
      else res.end();
    });
    const dns = publicDns({ 'public.test': ['127.0.0.1'] });
    for (const path of ['/see-other', '/temporary']) {
      const response = await safeFetch(`http://public.test:${server.port}${path}`, {
        ...dns.options,
        method: 'HEAD',
      });
      response.body.resume();
    }
    expect(server.requests.map((r) => `${r.method} ${r.url}`)).toEqual([
      'HEAD /see-other',
      'GET /done',
      'HEAD /temporary',
      'HEAD /done',
    ]);
  });

  it('drops credentials on a redirect to another origin only, and never forwards a caller Host', async () => {
    const other = await startServer(ok());
    const server = await startServer((req, res) => {
      if (req.url === '/same') res.writeHead(302, { location: '/other' }).end();
      else if (req.url === '/other') {
        res.writeHead(302, { location: `http://other.test:${other.port}/` }).end();
      } else res.end();
    });
    const dns = publicDns({ 'public.test': ['127.0.0.1'], 'other.test': ['127.0.0.1'] });
    const response = await safeFetch(`http://public.test:${server.port}/same`, {
      ...dns.options,
      headers: { Authorization: 'Bearer t', Cookie: 'a=1', Accept: 'text/plain', Host: 'evil' },
    });
    response.body.resume();
    expect(server.requests.map((r) => r.headers.authorization)).toEqual(['Bearer t', 'Bearer t']);
    expect(server.requests[0]?.headers.host).toBe(`public.test:${server.port}`);
    expect(other.requests[0]?.headers.authorization).toBeUndefined();
    expect(other.requests[0]?.headers.cookie).toBeUndefined();
    expect(other.requests[0]?.headers.accept).toBe('text/plain');
  });
});

describe('safeFetch: size and time caps', () => {
  it('(e) fails the body stream past maxBytes and closes the connection', async () => {
    const server = await startServer((_req, res) => {
      res.write(Buffer.alloc(600, 'a'));
      res.end(Buffer.alloc(600, 'b'));
    });
    const dns = publicDns({ 'public.test': ['127.0.0.1'] });
    const url = `http://public.test:${server.port}/`;
    const response = await safeFetch(url, { ...dns.options, maxBytes: 1000 });
    expect(response.headers['content-length']).toBeUndefined();
    expect((await failure(buffer(response.body))).code).toBe('PAYLOAD_TOO_LARGE');
    await allClosed(server);

    const exact = await safeFetch(url, { ...dns.options, maxBytes: 1200 });
    expect((await buffer(exact.body)).length).toBe(1200);
  });

  it('(e) refuses up front when Content-Length is larger than maxBytes', async () => {
    const server = await startServer((_req, res) => {
      // Headers only: the refusal must not wait for (or read) the body.
      res.writeHead(200, { 'content-length': '5000' });
      res.flushHeaders();
    });
    const dns = publicDns({ 'public.test': ['127.0.0.1'] });
    const error = await failure(
      safeFetch(`http://public.test:${server.port}/`, { ...dns.options, maxBytes: 4999 }),
    );
    expect(error.code).toBe('PAYLOAD_TOO_LARGE');
    expect(error.status).toBe(413);
    await allClosed(server);
  });

  it('(f) times out on a server that never answers, and drops the socket', async () => {
    const server = await startServer(() => undefined);
    const dns = publicDns({ 'public.test': ['127.0.0.1'] });
    // The server never answers: only the deadline can end the fetch, however slow the machine.
    const error = await failure(
      safeFetch(`http://public.test:${server.port}/`, { ...dns.options, timeoutMs: 300 }),
    );
    expect(error.code).toBe('UPSTREAM_TIMEOUT');
    expect(error.status).toBe(504);
    expect(server.requests).toHaveLength(1);
    await allClosed(server);
  });

  it('(f) times out a body that stalls after the headers', async () => {
    const server = await startServer((_req, res) => {
      res.write('partial');
    });
    const dns = publicDns({ 'public.test': ['127.0.0.1'] });
    const response = await safeFetch(`http://public.test:${server.port}/`, {
      ...dns.options,
      timeoutMs: 300,
    });
    expect((await failure(buffer(response.body))).code).toBe('UPSTREAM_TIMEOUT');
    await allClosed(server);
  });

  it('passes on the caller abort reason and drops the socket', async () => {
    const server = await startServer(() => undefined);
    const dns = publicDns({ 'public.test': ['127.0.0.1'] });
    const controller = new AbortController();
    const reason = new Error('client went away');
    const pending = safeFetch(`http://public.test:${server.port}/`, {
      ...dns.options,
      signal: controller.signal,
    });
    await vi.waitFor(() => expect(server.requests).toHaveLength(1));
    controller.abort(reason);
    await expect(pending).rejects.toBe(reason);
    await allClosed(server);
  });
});

describe('safeFetch: upstream failures', () => {
  it('reports a refused connection as UPSTREAM_FAILED', async () => {
    const server = await startServer(ok());
    const port = server.port;
    await server.close();
    const dns = publicDns({ 'public.test': ['127.0.0.1'] });
    const error = await failure(safeFetch(`http://public.test:${port}/`, dns.options));
    expect(error.code).toBe('UPSTREAM_FAILED');
    expect(error.status).toBe(502);
  });

  it('fails the body stream when the server cuts the response short', async () => {
    const server = await startServer((_req, res) => {
      res.writeHead(200, { 'content-length': '100' });
      res.write('only part of it', () => res.destroy());
    });
    const dns = publicDns({ 'public.test': ['127.0.0.1'] });
    const response = await safeFetch(`http://public.test:${server.port}/`, dns.options);
    expect((await failure(buffer(response.body))).code).toBe('UPSTREAM_FAILED');
  });
});

describe('safeFetch: success', () => {
  it('(g) streams the body as it arrives', async () => {
    let release = (): void => undefined;
    const gate = new Promise<void>((resolve) => (release = resolve));
    const server = await startServer((_req, res) => {
      res.writeHead(200, { 'content-type': 'text/plain', 'x-test': 'yes' });
      res.write('first,');
      void gate.then(() => res.end('second'));
    });
    const dns = publicDns({ 'public.test': ['127.0.0.1'] });
    const response = await safeFetch(`http://public.test:${server.port}/file.txt?x=1`, dns.options);
    expect(response.status).toBe(200);
    expect(response.url).toBe(`http://public.test:${server.port}/file.txt?x=1`);
    expect(response.headers['content-type']).toBe('text/plain');
    expect(response.headers['x-test']).toBe('yes');
    const chunks: string[] = [];
    for await (const chunk of response.body as AsyncIterable<Buffer>) {
      chunks.push(chunk.toString('utf8'));
      // The server holds the rest back until the first part has reached the reader.
      if (chunks.length === 1) release();
    }
    expect(chunks[0]).toBe('first,');
    expect(chunks.join('')).toBe('first,second');
    expect(server.requests.map((r) => `${r.method} ${r.url}`)).toEqual(['GET /file.txt?x=1']);
    await allClosed(server);
  });

  it('lets a HEAD response go unread without failing later', async () => {
    const server = await startServer((_req, res) => {
      res.writeHead(200, { 'content-length': '10' }).end();
    });
    const dns = publicDns({ 'public.test': ['127.0.0.1'] });
    const response = await safeFetch(`http://public.test:${server.port}/`, {
      ...dns.options,
      method: 'HEAD',
      timeoutMs: 200,
    });
    expect(response.headers['content-length']).toBe('10');
    await allClosed(server);
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(response.body.destroyed).toBe(false);
  });
});

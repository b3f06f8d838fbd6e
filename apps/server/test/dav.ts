import http from 'node:http';
import type { TestApp } from './app-harness.js';

/**
 * Small request helpers for the WebDAV tests: credentials as WebDAV clients send them, the
 * XML bodies of LOCK and PROPPATCH, a request whose path reaches the server byte for byte, and
 * what a storage holds.
 */

/** `Authorization: Basic …` for a user name and password, as a WebDAV client sends them. */
export const basicAuth = (username: string, password: string) => ({
  authorization: `Basic ${Buffer.from(`${username}:${password}`, 'utf8').toString('base64')}`,
});

/** A LOCK body asking for an exclusive write lock. */
export const LOCK_BODY =
  '<?xml version="1.0" encoding="utf-8"?><D:lockinfo xmlns:D="DAV:"><D:lockscope><D:exclusive/></D:lockscope><D:locktype><D:write/></D:locktype><D:owner>tests</D:owner></D:lockinfo>';

/** A PROPPATCH body setting one dead property. */
export const PROPPATCH_BODY =
  '<?xml version="1.0" encoding="utf-8"?><D:propertyupdate xmlns:D="DAV:" xmlns:Z="urn:pasteport:test"><D:set><D:prop><Z:color>red</Z:color></D:prop></D:set></D:propertyupdate>';

/** The hrefs of a multistatus body's responses, in order (not those inside lockdiscovery). */
export const hrefsOf = (xml: string): string[] =>
  [...xml.matchAll(/<D:response><D:href>([^<]*)<\/D:href>/g)].map((match) => match[1]!);

export interface RawAnswer {
  status: number;
  headers: http.IncomingHttpHeaders;
  body: string;
}

/**
 * Sends one request with its path exactly as written. `inject` and `fetch` parse the URL the
 * WHATWG way first, which resolves `..`, `%2e%2e` and backslashes before the server sees them,
 * so traversal payloads must go over a socket to reach the server as an attacker sends them.
 */
export function rawRequest(
  port: number,
  request: { method: string; path: string; headers?: Record<string, string>; body?: string },
): Promise<RawAnswer> {
  return new Promise((resolve, reject) => {
    const req = http.request(
      {
        host: '127.0.0.1',
        port,
        method: request.method,
        path: request.path,
        agent: false,
        headers: {
          ...(request.body !== undefined && {
            'content-length': String(Buffer.byteLength(request.body)),
          }),
          ...request.headers,
        },
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('end', () =>
          resolve({
            status: res.statusCode ?? 0,
            headers: res.headers,
            body: Buffer.concat(chunks).toString('utf8'),
          }),
        );
        res.on('error', reject);
      },
    );
    req.on('error', reject);
    req.end(request.body);
  });
}

/** Every object a storage holds, key → content ('' for folder markers), in key order. */
export async function storageContents(
  t: TestApp,
  storageId: string,
): Promise<Record<string, string>> {
  const driver = await t.storage.getDriver(storageId);
  const contents: Record<string, string> = {};
  let cursor: string | null = null;
  do {
    const page = await driver.list('', { cursor });
    for (const object of page.objects) {
      const chunks: Buffer[] = [];
      if (!object.key.endsWith('/')) {
        for await (const chunk of (await driver.read(object.key)).stream) {
          chunks.push(chunk as Buffer);
        }
      }
      contents[object.key] = Buffer.concat(chunks).toString('utf8');
    }
    cursor = page.nextCursor;
  } while (cursor !== null);
  return contents;
}

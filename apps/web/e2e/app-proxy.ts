import http from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A pass-through proxy in front of the e2e server, on its own origin (so its service worker
 * and storage are the spec's alone), that can serve a "new build": the service worker script
 * with different bytes, as a deploy would. Bodies and encodings pass through untouched.
 */
export interface AppProxy {
  baseUrl: string;
  /** Serves the service worker script with `marker` appended from now on (a new release). */
  releaseNewBuild(marker: string): void;
  close(): Promise<void>;
}

const SERVICE_WORKER = '/service-worker.js';

export async function startAppProxy(target: string): Promise<AppProxy> {
  const upstream = new URL(target);
  let marker = '';
  const server = http.createServer((req, res) => {
    const path = req.url ?? '/';
    const isWorker = path.split('?')[0] === SERVICE_WORKER && marker !== '';
    const headers = { ...req.headers, host: upstream.host };
    // The altered worker is read whole (a few kB) to append to it: ask for it uncompressed.
    if (isWorker) headers['accept-encoding'] = 'identity';
    const outgoing = http.request(
      { hostname: upstream.hostname, port: upstream.port, path, method: req.method, headers },
      (answer) => {
        if (!isWorker) {
          res.writeHead(answer.statusCode ?? 502, answer.headers);
          answer.pipe(res);
          return;
        }
        const chunks: Buffer[] = [];
        answer.on('data', (chunk: Buffer) => chunks.push(chunk));
        answer.on('end', () => {
          const body = Buffer.concat([...chunks, Buffer.from(`\n// ${marker}\n`)]);
          const { etag: _etag, 'last-modified': _modified, ...rest } = answer.headers;
          res.writeHead(answer.statusCode ?? 502, { ...rest, 'content-length': body.length });
          res.end(body);
        });
      },
    );
    outgoing.on('error', () => {
      res.writeHead(502);
      res.end();
    });
    req.pipe(outgoing);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    baseUrl: `http://127.0.0.1:${port}`,
    releaseNewBuild(next) {
      marker = next;
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

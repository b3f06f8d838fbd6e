// The transfer baseline: bare node:http streaming one file to downloaders (GET) and request
// bodies to disk (POST), with nothing else in the way. Its own process, like the server.
// With BASELINE_FILES (a JSON list) a GET streams those files one after another (the
// archive bench's "reading the same files").
import { createReadStream, createWriteStream, statSync, unlinkSync } from 'node:fs';
import http from 'node:http';
import { pipeline } from 'node:stream/promises';

const file = process.env.BASELINE_FILE ?? '';
const files = JSON.parse(process.env.BASELINE_FILES ?? '[]') as string[];
const sink = process.env.BASELINE_SINK ?? '';
let received = 0;
const server = http.createServer((req, res) => {
  if (req.method === 'POST') {
    // Like an upload store: every body a new file, on disk (fsync) before the answer. With
    // ?cache the answer comes once the page cache holds it (shown for comparison only).
    // That file is then deleted, so its unwritten pages cannot slow the next measurement.
    const flush = !req.url?.includes('cache');
    const target = `${sink}.${++received}`;
    pipeline(req, createWriteStream(target, { flush })).then(
      () => {
        res.writeHead(201).end('{}');
        if (!flush) unlinkSync(target);
      },
      () => res.writeHead(500).end(),
    );
    return;
  }
  const list = files.length > 0 ? files : [file];
  res.writeHead(200, {
    'content-type': 'application/octet-stream',
    'content-length': list.reduce((sum, one) => sum + statSync(one).size, 0),
  });
  void (async () => {
    for (const one of list) await pipeline(createReadStream(one), res, { end: false });
    res.end();
  })().catch(() => res.destroy());
});
server.listen(0, '127.0.0.1', () => {
  const address = server.address();
  if (address && typeof address === 'object') process.stdout.write(`${address.port}\n`);
});
process.on('SIGTERM', () => server.close(() => process.exit(0)));

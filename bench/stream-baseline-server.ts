// The transfer baseline: bare node:http streaming one file to downloaders (GET) and request
// bodies to disk (POST), with nothing else in the way. Its own process, like the server.
import { createReadStream, createWriteStream, statSync } from 'node:fs';
import http from 'node:http';
import { pipeline } from 'node:stream/promises';

const file = process.env.BASELINE_FILE ?? '';
const sink = process.env.BASELINE_SINK ?? '';
const server = http.createServer((req, res) => {
  if (req.method === 'POST') {
    pipeline(req, createWriteStream(sink)).then(
      () => res.writeHead(201).end('{}'),
      () => res.writeHead(500).end(),
    );
    return;
  }
  res.writeHead(200, {
    'content-type': 'application/octet-stream',
    'content-length': statSync(file).size,
  });
  createReadStream(file).pipe(res);
});
server.listen(0, '127.0.0.1', () => {
  const address = server.address();
  if (address && typeof address === 'object') process.stdout.write(`${address.port}\n`);
});
process.on('SIGTERM', () => server.close(() => process.exit(0)));

// The baseline: a bare node:http server answering the same bytes the measured route answers.
// Run as its own process so it gets a core of its own, like the Pasteport server does.
import http from 'node:http';

const body = process.env.BASELINE_BODY ?? '{}';
const server = http.createServer((_req, res) => {
  res.writeHead(200, {
    'content-type': 'application/json; charset=utf-8',
    'content-length': Buffer.byteLength(body),
  });
  res.end(body);
});
server.listen(0, '127.0.0.1', () => {
  const address = server.address();
  if (address && typeof address === 'object') process.stdout.write(`${address.port}\n`);
});
process.on('SIGTERM', () => server.close(() => process.exit(0)));

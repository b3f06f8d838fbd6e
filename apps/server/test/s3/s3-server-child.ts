import S3rver, { type S3rverMiddleware } from 's3rver';
import { makePutsAtomic } from './atomic-puts.js';
import { checkPresignedRequest } from './sigv4-check.js';
import { s3rverShims, sendS3Error } from './s3rver-shims.js';

/**
 * Child-process entry of the test S3 server (see ../s3-server.ts for why it is a child).
 * argv: <data dir> <bucket>. Prints {"port":N} on stdout once listening; exits when its
 * parent closes stdin or sends SIGTERM.
 */

// s3rver only knows its one built-in account.
export const ACCESS_KEY_ID = 'S3RVER';
export const SECRET_ACCESS_KEY = 'S3RVER';

const CORS = `<CORSConfiguration><CORSRule>
  <AllowedOrigin>*</AllowedOrigin>
  <AllowedMethod>PUT</AllowedMethod><AllowedMethod>GET</AllowedMethod><AllowedMethod>HEAD</AllowedMethod>
  <AllowedHeader>*</AllowedHeader>
  <ExposeHeader>ETag</ExposeHeader>
  <MaxAgeSeconds>3000</MaxAgeSeconds>
</CORSRule></CORSConfiguration>`;

const [dataDir, bucket] = process.argv.slice(2);
if (!dataDir || !bucket) throw new Error('usage: s3-server-child <data dir> <bucket>');

const verifySignatures: S3rverMiddleware = async (ctx, next) => {
  // A browser's CORS preflight carries the presigned query but neither the method nor the
  // headers that were signed: S3 answers it from the bucket's CORS rule alone.
  if (ctx.method === 'OPTIONS') return next();
  const problem = await checkPresignedRequest(ctx, new Map([[ACCESS_KEY_ID, SECRET_ACCESS_KEY]]));
  if (problem) return sendS3Error(ctx, 403, problem.code, problem.message);
  return next();
};

await makePutsAtomic();
const server = new S3rver({
  address: '127.0.0.1',
  port: 0,
  silent: true,
  directory: dataDir,
  configureBuckets: [{ name: bucket, configs: [CORS] }],
});
server.middleware.unshift(verifySignatures, s3rverShims(dataDir));
const address = await server.run();
process.stdout.write(`${JSON.stringify({ port: address.port })}\n`);

const shutdown = () => {
  server.close().then(
    () => process.exit(0),
    () => process.exit(1),
  );
};
process.on('SIGTERM', shutdown);
process.stdin.on('end', shutdown);
process.stdin.resume();

import { randomBytes, randomUUID } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, inject } from 'vitest';
import { installErrorHandler } from '../http/error-handler.js';
import { LocalStorageDriver } from './drivers/local/local-driver.js';
import { registerLocalSignedRoutes } from './drivers/local/local-signed.routes.js';
import { describeStorageDriverContract } from '../../test/storage-contract/driver-contract.js';
import { createStorageDriver } from './storage-factory.js';

const SIGNED_PREFIX = '/api/storage/local';
const signingKey = randomBytes(32);
const localDrivers = new Map<string, LocalStorageDriver>();
let app: FastifyInstance;
let origin: string;

// One HTTP server serves the signed URLs of every local driver the contract creates.
beforeAll(async () => {
  app = Fastify({ logger: false });
  installErrorHandler(app);
  await registerLocalSignedRoutes(app, {
    prefix: SIGNED_PREFIX,
    getLocalDriver: (id) => localDrivers.get(id),
  });
  origin = await app.listen({ host: '127.0.0.1', port: 0 });
});

afterAll(async () => {
  await app.close();
});

describeStorageDriverContract('local disk', async () => {
  const root = await mkdtemp(path.join(tmpdir(), 'pasteport-local-'));
  const id = randomUUID();
  const driver = new LocalStorageDriver({
    id,
    root,
    signingKey,
    signedUrlBase: `${origin}${SIGNED_PREFIX}`,
  });
  localDrivers.set(id, driver);
  return {
    driver,
    makeBroken: () =>
      Promise.resolve(
        new LocalStorageDriver({
          id: `${id}-broken`,
          root: path.join(root, 'does-not-exist'),
          signingKey,
          signedUrlBase: SIGNED_PREFIX,
        }),
      ),
    contentEtags: false,
    async dispose() {
      localDrivers.delete(id);
      await rm(root, { recursive: true, force: true });
    },
  };
});

describeStorageDriverContract('S3 (s3rver)', async () => {
  const s3 = inject('s3');
  const options = {
    endpoint: s3.endpoint,
    region: s3.region,
    bucket: s3.bucket,
    accessKeyId: s3.accessKeyId,
    secretAccessKey: s3.secretAccessKey,
    forcePathStyle: true,
    // Each test works in its own folder of the shared bucket.
    prefix: `contract/${randomUUID()}`,
  };
  const context = { signingKey, signedUrlBase: SIGNED_PREFIX };
  const driver = await createStorageDriver(randomUUID(), { driver: 's3', options }, context);
  return {
    driver,
    makeBroken: () =>
      createStorageDriver(
        randomUUID(),
        { driver: 's3', options: { ...options, bucket: 'no-such-bucket' } },
        context,
      ),
    contentEtags: true,
    dispose: () => driver.close(),
  };
});

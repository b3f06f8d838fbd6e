import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { Writable } from 'node:stream';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { boot, type Running } from '../boot.js';
import { formBody } from '../../test/files.js';
import { TEST_ADMIN } from '../../test/identity.js';

/**
 * The real server as main.ts starts it (config from the environment, boot's own logger), with
 * its log lines captured instead of written to stdout. Secret values are distinctive strings
 * (a bare "abc" could turn up in any request id).
 */
describe('the request log', () => {
  let dir: string;
  let running: Running | undefined;
  let lines: string[];

  beforeEach(async () => {
    dir = await mkdtemp(path.join(os.tmpdir(), 'pp-logs-'));
    lines = [];
  });
  afterEach(async () => {
    await running?.close();
    running = undefined;
    await rm(dir, { recursive: true, force: true });
  });

  async function start(logLevel: string): Promise<string> {
    const destination = new Writable({
      write(chunk: Buffer, _encoding, callback) {
        lines.push(chunk.toString());
        callback();
      },
    });
    running = await boot(
      {
        DATA_DIR: dir,
        HOST: '127.0.0.1',
        PORT: '0',
        LOG_LEVEL: logLevel,
        ADMIN_USERNAME: TEST_ADMIN.username,
        ADMIN_PASSWORD: TEST_ADMIN.password,
      },
      { webDistDir: path.join(dir, 'no-web-build'), logDestination: destination },
    );
    const address = running.app.server.address();
    if (address === null || typeof address === 'string') throw new Error('not listening');
    return `http://127.0.0.1:${address.port}`;
  }

  it('at the default level keeps the path but not query secrets or the Authorization header', async () => {
    const origin = await start('info');
    const res = await fetch(
      `${origin}/api/public/files/some-file?password=s3cret-pw&token=tok-abc-1&download=1`,
      { headers: { authorization: 'ApiKey key-xyz-1', cookie: 'pp=cookie-xyz-2' } },
    );
    expect(res.status).toBeGreaterThanOrEqual(400);
    const signed = await fetch(
      `${origin}/api/version?X-Amz-Credential=cred-xyz-3&X-Amz-Signature=sig-xyz-4&%70assword=enc-pw-5`,
    );
    expect(signed.status).toBe(200);
    const office = await fetch(`${origin}/api/office-file/some-file?grant=grant-xyz-8`);
    expect(office.status).toBeGreaterThanOrEqual(400);

    const log = lines.join('');
    expect(log).toContain('/api/public/files/some-file?password=[REDACTED]&token=[REDACTED]');
    expect(log).toContain('download=1');
    expect(log).toContain('/api/version?X-Amz-Credential=[REDACTED]');
    for (const secret of [
      's3cret',
      'tok-abc',
      'key-xyz',
      'cookie-xyz',
      'cred-xyz',
      'sig-xyz',
      'enc-pw',
      'grant-xyz',
    ]) {
      expect(lines.filter((line) => line.includes(secret))).toEqual([]);
    }
  });

  it('at trace level, where headers are logged, blanks Authorization, Cookie and X-Upload-Secret', async () => {
    const origin = await start('trace');
    const login = await fetch(`${origin}/api/admin/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(TEST_ADMIN),
    });
    expect(login.status).toBe(200);
    const { token } = ((await login.json()) as { data: { token: string } }).data;
    const form = formBody([
      { name: 'file', filename: 'a.txt', type: 'text/plain', data: Buffer.from('hello') },
    ]);
    const upload = await fetch(`${origin}/api/upload?token=tok-abc-6`, {
      method: 'POST',
      headers: {
        authorization: `Bearer ${token}`,
        cookie: 'pp=cookie-xyz-7',
        // A signed-in creator may send an upload's secret; a wrong one is refused only by the
        // steps after an init, so this form upload still succeeds.
        'x-upload-secret': 'upl-secret-9',
        ...form.headers,
      },
      body: form.payload,
    });
    expect(upload.status).toBe(201);

    // @fastify/multipart logs its options, request headers included, at trace level.
    const headerLines = lines.filter((line) => line.includes('"headers"'));
    expect(headerLines.length).toBeGreaterThan(0);
    expect(headerLines.join('')).toContain('"authorization":"[REDACTED]"');
    expect(headerLines.join('')).toContain('"x-upload-secret":"[REDACTED]"');
    for (const secret of [token, TEST_ADMIN.password, 'cookie-xyz', 'tok-abc', 'upl-secret']) {
      expect(lines.filter((line) => line.includes(secret))).toEqual([]);
    }
  });
});

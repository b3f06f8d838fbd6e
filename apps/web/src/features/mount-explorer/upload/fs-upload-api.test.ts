import { ROUTES } from '@pasteport/contract/plain';
import { describe, expect, it, vi } from 'vitest';
import type { ApiClient } from '../../../lib/api';
import { FsMultipartTransport, targetOf } from './fs-upload-api';

const started = {
  uploadId: 'up-1',
  presignedUrls: [
    { partNumber: 1, url: '/api/fs/local-part?sig=1' },
    { partNumber: 2, url: 'https://s3.example/b?part=2' },
  ],
  partSize: 5,
  partCount: 2,
  headers: { 'x-amz-meta': 'm' },
  path: '/m/docs/big.bin',
  fileName: 'big.bin',
  key: 'docs/big.bin',
  expiresAt: '2030-01-01T00:00:00.000Z',
};

function client(answer: unknown) {
  const call = vi.fn(() => Promise.resolve(answer));
  return { client: { call } as unknown as ApiClient, call };
}

describe('fs multipart transport', () => {
  it('starts an upload for the folder and name, with the part URLs and the signed headers', async () => {
    const { client: api, call } = client(started);
    const transport = new FsMultipartTransport(api, targetOf('/m/docs/big.bin'));
    const file = new File([new Uint8Array(9)], 'big.bin', { type: 'application/x-test' });
    const session = await transport.init(file, new AbortController().signal);
    expect(call).toHaveBeenCalledWith(ROUTES.fsMultipartInit, {
      body: {
        path: '/m/docs',
        fileName: 'big.bin',
        fileSize: 9,
        contentType: 'application/x-test',
      },
      signal: expect.any(AbortSignal) as AbortSignal,
    });
    expect(session.fileId).toBe('/m/docs/big.bin');
    expect(session.uploadId).toBe('up-1');
    // Same-origin API: a local-disk part URL stays origin-relative (apiLink adds a remote host).
    expect(session.targets[0]).toEqual({
      partNumber: 1,
      url: '/api/fs/local-part?sig=1',
      headers: { 'x-amz-meta': 'm' },
    });
    expect(session.targets[1]).toEqual({
      partNumber: 2,
      url: 'https://s3.example/b?part=2',
      headers: { 'x-amz-meta': 'm' },
    });
  });

  it('resumes through fs/multipart/parts and hands back the stored parts', async () => {
    const parts = [{ partNumber: 1, etag: 'e1', size: 5 }];
    const { client: api, call } = client({ ...started, parts });
    const transport = new FsMultipartTransport(api, targetOf('/m/docs/big.bin'));
    const resumed = await transport.resume(
      { fileId: '/m/docs/big.bin', uploadId: 'up-1' },
      new AbortController().signal,
    );
    expect(call).toHaveBeenCalledWith(ROUTES.fsMultipartParts, {
      body: { path: '/m/docs', fileName: 'big.bin', uploadId: 'up-1' },
      signal: expect.any(AbortSignal) as AbortSignal,
    });
    expect(resumed.parts).toEqual(parts);
    expect(resumed.session.partCount).toBe(2);
  });

  it('keeps the last server failure for the message, and has no relay for mounts', async () => {
    const refusal = new Error('507');
    const api = { call: vi.fn(async () => Promise.reject(refusal)) } as unknown as ApiClient;
    const transport = new FsMultipartTransport(api, targetOf('/m/a.bin'));
    await expect(
      transport.init(new File(['x'], 'a.bin'), new AbortController().signal),
    ).rejects.toBe(refusal);
    expect(transport.lastError).toBe(refusal);
    await expect(transport.relayPart()).rejects.toMatchObject({ kind: 'network' });
  });
});

import { PART_UPLOAD_TIMEOUT_MS } from '@pasteport/contract';
import { describe, expect, it } from 'vitest';
import { givenUploader, until } from '../../../test/kits/multipart-kit';
import { TransferError } from './transfer-error';

const http = (status: number) => new TransferError('http', status);
const count = (calls: string[], call: string) => calls.filter((entry) => entry === call).length;

describe('MultipartUploader concurrency (SPEC §9: 3 parts in flight)', () => {
  it('never has more than 3 part requests in flight, and uses all 3', async () => {
    const { uploader, transport } = givenUploader();
    for (let part = 1; part <= 10; part += 1) transport.script(part, 'hold');
    const run = uploader.start();
    let sawThree = false;
    while (uploader.getSnapshot().state === 'uploading') {
      await until(
        () => transport.held.length > 0 || uploader.getSnapshot().state !== 'uploading',
        'a held part or the end',
      );
      sawThree ||= transport.inFlight === 3;
      expect(transport.inFlight).toBeLessThanOrEqual(3);
      // Release one at a time so the pool refills part by part.
      transport.held.shift()?.release();
    }
    expect((await run).state).toBe('completed');
    expect(sawThree).toBe(true);
    expect(transport.maxInFlight).toBe(3);
  });

  it('honours a smaller concurrency', async () => {
    const { uploader, transport } = givenUploader({ concurrency: 2 });
    expect((await uploader.start()).state).toBe('completed');
    expect(transport.maxInFlight).toBe(2);
  });
});

describe('MultipartUploader part retries (SPEC §9: 3 retries, 1000 ms × attempt)', () => {
  it('waits 1000, 2000 and 3000 ms between attempts, then stores the part', async () => {
    const { uploader, transport, delays } = givenUploader();
    transport.script(4, http(500), http(502), http(503));
    const result = await uploader.start();
    expect(result.state).toBe('completed');
    expect(delays).toEqual([1000, 2000, 3000]);
    expect(count(transport.calls, 'put:4')).toBe(4);
  });

  it('gives up after 3 retries: the part fails and the upload fails with parts_failed', async () => {
    const { uploader, transport, delays } = givenUploader();
    transport.script(4, http(500), http(500), http(500), http(503));
    const result = await uploader.start();
    expect(delays).toEqual([1000, 2000, 3000]);
    expect(count(transport.calls, 'put:4')).toBe(4);
    expect(result.state).toBe('failed');
    expect(result.error).toEqual({
      code: 'parts_failed',
      message: 'some parts failed',
      cause: { code: 'http', status: 503 },
    });
    expect(result.parts.failed).toBe(1);
    expect(transport.calls).not.toContain('complete');
    expect(uploader.chunkInfo()[3]).toMatchObject({ status: 'failed', loaded: 0 });
  });

  it('waits on the clock when no sleep is injected', async () => {
    const given = givenUploader();
    const { uploader, transport, clock } = givenUploader({
      sleep: undefined,
      clock: given.clock,
      transport: given.transport,
    });
    transport.script(1, http(500), http(500));
    const run = uploader.start();
    await until(() => count(transport.calls, 'put:1') === 1, 'first attempt');
    await clock.advance(999);
    expect(count(transport.calls, 'put:1')).toBe(1);
    await clock.advance(1);
    await until(() => count(transport.calls, 'put:1') === 2, 'first retry after 1000 ms');
    await clock.advance(1999);
    expect(count(transport.calls, 'put:1')).toBe(2);
    await clock.advance(1);
    await until(() => count(transport.calls, 'put:1') === 3, 'second retry after 2000 ms');
    expect((await run).state).toBe('completed');
  });

  it.each([408, 429, 500, 503])('retries HTTP %i', async (status) => {
    const { uploader, transport, delays } = givenUploader();
    transport.script(2, http(status));
    expect((await uploader.start()).state).toBe('completed');
    expect(delays).toEqual([1000]);
  });

  it.each([400, 404, 413])('does not retry HTTP %i', async (status) => {
    const { uploader, transport, delays } = givenUploader();
    transport.script(2, http(status));
    const result = await uploader.start();
    expect(count(transport.calls, 'put:2')).toBe(1);
    expect(delays).toEqual([]);
    expect(result.state).toBe('failed');
    expect(result.error?.cause).toEqual({ code: 'http', status });
  });

  it('waits at least as long as a Retry-After asks', async () => {
    const { uploader, transport, delays } = givenUploader();
    transport.script(3, new TransferError('http', 429, 7000));
    expect((await uploader.start()).state).toBe('completed');
    expect(delays).toEqual([7000]);
  });

  it('re-sends only failed and pending parts on retry', async () => {
    const { uploader, transport } = givenUploader({ concurrency: 1 });
    transport.script(4, http(400));
    expect((await uploader.start()).state).toBe('failed');
    // Sequential: 1–3 stored, 4 failed, 5–10 never started.
    expect(transport.sentParts()).toEqual([1, 2, 3, 4]);

    const before = transport.sentParts().length;
    expect((await uploader.retry()).state).toBe('completed');
    expect(transport.sentParts().slice(before)).toEqual([4, 5, 6, 7, 8, 9, 10]);
  });
});

describe('MultipartUploader part timeout (SPEC §9: 300 s)', () => {
  it('aborts a part after 300 s and retries it; 4 timeouts fail it with timeout', async () => {
    const { uploader, transport, clock, delays } = givenUploader({ concurrency: 1 });
    transport.script(1, 'hold', 'hold', 'hold', 'hold');
    const run = uploader.start();
    await until(() => transport.held.length === 1, 'part 1 in flight');
    await clock.advance(PART_UPLOAD_TIMEOUT_MS - 1);
    expect(transport.held).toHaveLength(1);
    expect(count(transport.calls, 'put:1')).toBe(1);

    for (let attempt = 1; attempt <= 4; attempt += 1) {
      await until(() => transport.held.length === 1, `attempt ${attempt} in flight`);
      await clock.advance(attempt === 1 ? 1 : PART_UPLOAD_TIMEOUT_MS);
    }
    const result = await run;
    expect(delays).toEqual([1000, 2000, 3000]);
    expect(result.error).toMatchObject({ code: 'parts_failed', cause: { code: 'timeout' } });
    // A timeout is not a CORS failure: parts keep going direct.
    expect(result.via).toBe('direct');
  });

  it('honours a custom part timeout', async () => {
    const { uploader, transport, clock } = givenUploader({ partTimeoutMs: 5_000 });
    transport.script(1, 'hold');
    const run = uploader.start();
    await until(() => transport.held.length === 1, 'part 1 in flight');
    await clock.advance(5_000);
    expect((await run).state).toBe('completed');
    expect(count(transport.calls, 'put:1')).toBe(2);
  });
});

describe('MultipartUploader relay fallback', () => {
  it('switches to relaying through the server after a status-0 direct PUT, for good', async () => {
    const { uploader, transport, delays } = givenUploader({ concurrency: 1 });
    transport.script(3, new TransferError('network'));
    const result = await uploader.start();
    expect(result.state).toBe('completed');
    expect(result.via).toBe('relay');
    expect(transport.calls.filter((call) => /^(put|relay):/.test(call))).toEqual([
      'put:1',
      'put:2',
      'put:3',
      'relay:3',
      'relay:4',
      'relay:5',
      'relay:6',
      'relay:7',
      'relay:8',
      'relay:9',
      'relay:10',
    ]);
    // The switch is not a retry.
    expect(delays).toEqual([]);
  });

  it('shows via: relay in the snapshot as soon as it switches', async () => {
    const { uploader, transport } = givenUploader({ concurrency: 1 });
    transport.script(1, new TransferError('network'));
    transport.script(2, 'hold');
    const run = uploader.start();
    await until(() => transport.held.length === 1, 'part 2 in flight');
    expect(uploader.getSnapshot().via).toBe('relay');
    expect(transport.calls).toContain('relay:2');
    transport.releaseAll();
    await run;
  });

  it('retries relayed parts normally and fails with network after 3 retries', async () => {
    const { uploader, transport, delays } = givenUploader({ concurrency: 1 });
    const network = () => new TransferError('network');
    transport.script(1, network(), network(), network(), network(), network());
    const result = await uploader.start();
    expect(count(transport.calls, 'put:1')).toBe(1);
    expect(count(transport.calls, 'relay:1')).toBe(4);
    expect(delays).toEqual([1000, 2000, 3000]);
    expect(result.error).toMatchObject({ code: 'parts_failed', cause: { code: 'network' } });
  });
});

describe('MultipartUploader expired part URLs', () => {
  it('fetches fresh URLs once when storage answers 403, then sends the part again', async () => {
    const { uploader, transport, delays } = givenUploader({ concurrency: 1 });
    transport.script(2, http(403));
    const result = await uploader.start();
    expect(result.state).toBe('completed');
    expect(count(transport.calls, 'resume')).toBe(1);
    const part2Urls = transport.putUrls.filter((url) => url.includes('/2?'));
    expect(part2Urls).toHaveLength(2);
    expect(part2Urls[0]).not.toBe(part2Urls[1]);
    expect(delays).toEqual([]);
  });

  it('fails the part when fresh URLs still answer 403', async () => {
    const { uploader, transport } = givenUploader({ concurrency: 1 });
    transport.script(2, http(403), http(403));
    const result = await uploader.start();
    expect(count(transport.calls, 'put:2')).toBe(2);
    expect(result.error).toMatchObject({
      code: 'parts_failed',
      cause: { code: 'http', status: 403 },
    });
  });
});

describe('MultipartUploader server calls', () => {
  it('retries a transient init failure and reports a final one by its status', async () => {
    const { uploader, transport, delays } = givenUploader();
    transport.initFailures.push(http(502), http(502), http(502), http(502));
    const result = await uploader.start();
    expect(count(transport.calls, 'init')).toBe(4);
    expect(delays).toEqual([1000, 2000, 3000]);
    expect(result.state).toBe('failed');
    expect(result.error).toEqual({ code: 'http', status: 502, message: 'HTTP error 502' });
  });

  it('does not retry a refused init (e.g. 403)', async () => {
    const { uploader, transport } = givenUploader();
    transport.initFailures.push(http(403));
    const result = await uploader.start();
    expect(count(transport.calls, 'init')).toBe(1);
    expect(result.error).toMatchObject({ code: 'http', status: 403 });
  });

  it("fails with 'incomplete' when init describes a different file", async () => {
    const { uploader, transport } = givenUploader();
    const realInit = transport.init.bind(transport);
    transport.init = async (file, signal) => ({ ...(await realInit(file, signal)), partCount: 3 });
    const result = await uploader.start();
    expect(result.error).toEqual({ code: 'incomplete', message: 'Upload info incomplete' });
    expect(transport.sentParts()).toEqual([]);
  });

  it("fails with 'incomplete' when part URLs are missing", async () => {
    const { uploader, transport } = givenUploader();
    const realInit = transport.init.bind(transport);
    transport.init = async (file, signal) => {
      const session = await realInit(file, signal);
      return { ...session, targets: session.targets.slice(0, 4) };
    };
    expect((await uploader.start()).error?.code).toBe('incomplete');
  });

  it("fails with 'incomplete' when an answer cannot be read at all", async () => {
    const { uploader, transport, delays } = givenUploader();
    transport.initFailures.push(new SyntaxError('Unexpected token < in JSON'));
    const result = await uploader.start();
    expect(result.error?.code).toBe('incomplete');
    expect(delays).toEqual([]);
  });

  it('retries complete after a transient failure without re-sending parts', async () => {
    const { uploader, transport } = givenUploader();
    transport.completeFailures.push(http(503));
    const result = await uploader.start();
    expect(result.state).toBe('completed');
    expect(count(transport.calls, 'complete')).toBe(2);
    expect(transport.sentParts()).toHaveLength(10);
  });

  it('reads ETags hidden by CORS from the server part list before completing', async () => {
    const { uploader, transport } = givenUploader();
    transport.directEtag = () => '';
    const result = await uploader.start();
    expect(result.state).toBe('completed');
    expect(transport.calls.slice(-2)).toEqual(['resume', 'complete']);
  });
});

import { afterEach, describe, expect, it, vi } from 'vitest';
import { browserConnectivity } from '../../connectivity';
import { MultipartUploader } from './multipart-uploader';
import {
  FakeTransport,
  givenUploader,
  makeFile,
  PART_SIZE,
  until,
} from '../../../test/kits/multipart-kit';
import { TransferError } from './transfer-error';

const network = () => new TransferError('network');
const count = (calls: string[], call: string) => calls.filter((entry) => entry === call).length;

describe('MultipartUploader offline and online', () => {
  it('waits while offline instead of failing, and goes on when the connection returns', async () => {
    const { uploader, transport, connectivity, delays } = givenUploader({ concurrency: 1 });
    transport.script(2, 'hold');
    const run = uploader.start();
    await until(() => transport.held.length === 1, 'part 2 in flight');

    connectivity.set(false);
    expect(uploader.getSnapshot()).toMatchObject({ state: 'uploading', offline: true });
    // The browser then errors the request out (status 0).
    transport.failAll(network());
    await until(() => true);
    await until(() => true);
    expect(count(transport.calls, 'put:2')).toBe(1);
    expect(uploader.getSnapshot().state).toBe('uploading');

    connectivity.set(true);
    const result = await run;
    expect(result).toMatchObject({ state: 'completed', offline: false, via: 'direct' });
    // Neither a retry was burned nor the relay chosen: being offline is nobody's fault.
    expect(delays).toEqual([]);
    expect(count(transport.calls, 'put:2')).toBe(2);
    expect(transport.calls.some((call) => call.startsWith('relay:'))).toBe(false);
  });

  it('does not burn retries when the offline event came and went during the request', async () => {
    const { uploader, transport, connectivity, delays } = givenUploader({ concurrency: 1 });
    transport.script(1, 'hold');
    const run = uploader.start();
    await until(() => transport.held.length === 1, 'part 1 in flight');
    connectivity.set(false);
    connectivity.set(true);
    // The request's error arrives after the connection is already back.
    transport.failAll(network());
    const result = await run;
    expect(result.state).toBe('completed');
    expect(result.via).toBe('direct');
    expect(delays).toEqual([]);
  });

  it('does not start anything while offline, then starts when online', async () => {
    const { uploader, transport, connectivity } = givenUploader();
    connectivity.online = false;
    const run = uploader.start();
    await until(() => true);
    expect(uploader.getSnapshot()).toMatchObject({ state: 'uploading', offline: true });
    expect(transport.calls).toEqual([]);
    connectivity.set(true);
    expect((await run).state).toBe('completed');
  });

  it('resumes by itself when the connection returns after a network failure', async () => {
    const { uploader, transport, connectivity } = givenUploader({ concurrency: 1 });
    // Online but flaky: direct fails (→ relay), then 4 relay attempts fail too.
    transport.script(3, network(), network(), network(), network(), network());
    const failed = await uploader.start();
    expect(failed.error).toMatchObject({ code: 'parts_failed', cause: { code: 'network' } });

    connectivity.set(false);
    expect(uploader.getSnapshot()).toMatchObject({ state: 'failed', offline: true });
    connectivity.set(true);
    await until(() => uploader.getSnapshot().state === 'completed', 'automatic resume');
    expect(transport.calls).toContain('resume');
    expect(transport.calls.filter((call) => call === 'relay:1' || call === 'put:1')).toHaveLength(
      1,
    );
  });

  it('resumes by itself after a failed init for network reasons', async () => {
    const { uploader, transport, connectivity } = givenUploader();
    transport.initFailures.push(network(), network(), network(), network());
    expect((await uploader.start()).error).toEqual({
      code: 'network',
      message: 'network error, check connection',
    });
    connectivity.set(false);
    connectivity.set(true);
    await until(() => uploader.getSnapshot().state === 'completed', 'automatic resume');
    expect(count(transport.calls, 'init')).toBe(5);
  });

  it('does not resume by itself after a failure that was not the network', async () => {
    const { uploader, transport, connectivity } = givenUploader();
    transport.script(2, new TransferError('http', 400));
    expect((await uploader.start()).state).toBe('failed');
    const calls = transport.calls.length;
    connectivity.set(false);
    connectivity.set(true);
    await until(() => true);
    expect(uploader.getSnapshot().state).toBe('failed');
    expect(transport.calls).toHaveLength(calls);
  });

  it('does not resume a paused upload by itself', async () => {
    const { uploader, transport, connectivity } = givenUploader();
    transport.script(1, 'hold');
    const run = uploader.start();
    await until(() => transport.held.length === 1, 'part 1 in flight');
    uploader.pause();
    await run;
    connectivity.set(false);
    connectivity.set(true);
    await until(() => true);
    expect(uploader.getSnapshot().state).toBe('paused');
  });

  it('listens to connectivity only while the upload can still move', async () => {
    const { uploader, connectivity } = givenUploader();
    expect(connectivity.subscribers).toBe(0);
    const run = uploader.start();
    expect(connectivity.subscribers).toBe(1);
    await run;
    expect(connectivity.subscribers).toBe(0);
  });
});

describe('browserConnectivity', () => {
  afterEach(() => vi.restoreAllMocks());

  it('reads navigator.onLine and the window online/offline events', () => {
    const onLine = vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    expect(browserConnectivity.isOnline()).toBe(false);
    onLine.mockReturnValue(true);
    expect(browserConnectivity.isOnline()).toBe(true);

    const seen: boolean[] = [];
    const unsubscribe = browserConnectivity.subscribe((online) => seen.push(online));
    window.dispatchEvent(new Event('offline'));
    window.dispatchEvent(new Event('online'));
    unsubscribe();
    window.dispatchEvent(new Event('offline'));
    expect(seen).toEqual([false, true]);
  });

  it('drives the uploader by default: an offline browser makes it wait', async () => {
    const onLine = vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    const transport = new FakeTransport(PART_SIZE);
    const uploader = new MultipartUploader({ file: makeFile(25), transport, scope: 's' });
    const run = uploader.start();
    await until(() => true);
    expect(uploader.getSnapshot().offline).toBe(true);
    expect(transport.calls).toEqual([]);

    onLine.mockReturnValue(true);
    window.dispatchEvent(new Event('online'));
    expect((await run).state).toBe('completed');
  });
});

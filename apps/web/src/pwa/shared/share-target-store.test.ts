import { afterEach, describe, expect, it, vi } from 'vitest';
import { sharedText } from '../use-shared-content';
import { pageForShare, sharedContentOf, storeShare, takeShare } from './share-target-store';
import { isServiceWorkerMessage } from './sw-messages';

/** Cache Storage's Cache over a Map (jsdom has none), keyed by URL as the real one is. */
class MapCache {
  readonly entries = new Map<string, Response>();
  put(key: string, response: Response) {
    this.entries.set(key, response);
    return Promise.resolve();
  }
  match(key: string) {
    return Promise.resolve(this.entries.get(key)?.clone());
  }
  keys() {
    return Promise.resolve([...this.entries.keys()].map((key) => ({ url: key }) as Request));
  }
  delete(request: Request | string) {
    return Promise.resolve(
      this.entries.delete(typeof request === 'string' ? request : request.url),
    );
  }
}

describe('share target store', () => {
  it('reads text fields and non-empty files of a share POST', () => {
    const form = new FormData();
    form.append('title', 'Notes');
    form.append('text', 'Hello');
    form.append('files', new File(['abc'], 'a.txt', { type: 'text/plain' }));
    form.append('files', new File([], 'empty.txt'));
    const share = sharedContentOf(form);
    expect(share).toMatchObject({ title: 'Notes', text: 'Hello', url: '' });
    expect(share.files.map((file) => file.name)).toEqual(['a.txt']);
    expect(pageForShare(share)).toBe('/upload?shared=1');
    expect(pageForShare({ ...share, files: [] })).toBe('/?shared=1');
  });

  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it('hands a share to the page once, files byte for byte, and keeps only the latest', async () => {
    // Node's File, Blob and Response are one family, as a browser's are; jsdom's File is not
    // the Blob Node's Response reads.
    // (By a computed name: the web build's types know no Node modules.)
    const nodeBuffer = 'node:buffer';
    const { File: NodeFile } = (await import(/* @vite-ignore */ nodeBuffer)) as {
      File: typeof File;
    };
    vi.stubGlobal('File', NodeFile);
    const cache = new MapCache();
    await storeShare(cache as unknown as Cache, {
      title: 'old',
      text: '',
      url: '',
      files: [new File(['old'], 'old.txt')],
    });
    await storeShare(cache as unknown as Cache, {
      title: '',
      text: 'new',
      url: 'https://example.org',
      files: [new File(['héllo'], 'b.md', { type: 'text/markdown', lastModified: 42 })],
    });
    const taken = await takeShare(cache as unknown as Cache);
    expect(taken).toMatchObject({ title: '', text: 'new', url: 'https://example.org' });
    expect(taken?.files).toHaveLength(1);
    const [file] = taken?.files ?? [];
    expect(file?.name).toBe('b.md');
    expect(file?.type).toBe('text/markdown');
    expect(file?.lastModified).toBe(42);
    expect(await file?.text()).toBe('héllo');
    expect(await takeShare(cache as unknown as Cache)).toBeUndefined();
    expect(cache.entries.size).toBe(0);
  });

  it('makes one paste of title, text and link without repeating a part', () => {
    expect(sharedText({ title: 'Trip', text: 'Platform 9', url: 'https://x.example' })).toBe(
      'Trip\n\nPlatform 9\n\nhttps://x.example',
    );
    expect(sharedText({ title: '', text: 'see https://x.example', url: 'https://x.example' })).toBe(
      'see https://x.example',
    );
    expect(sharedText({ title: ' ', text: '', url: '' })).toBe('');
  });
});

describe('service worker messages', () => {
  it('accepts only the two known shapes', () => {
    expect(isServiceWorkerMessage({ type: 'SKIP_WAITING' })).toBe(true);
    expect(isServiceWorkerMessage({ type: 'CACHE_URLS', urls: ['/assets/a.js'] })).toBe(true);
    expect(isServiceWorkerMessage({ type: 'CACHE_URLS', urls: [1] })).toBe(false);
    expect(isServiceWorkerMessage({ type: 'CLEAR' })).toBe(false);
    expect(isServiceWorkerMessage('SKIP_WAITING')).toBe(false);
    expect(isServiceWorkerMessage(null)).toBe(false);
  });
});

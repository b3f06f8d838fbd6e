/**
 * What another app shared with Pasteport (Web Share Target), kept between the service worker
 * that received the POST and the page it opens. Cache Storage is the one store both can reach
 * without a database library in the worker; the entries are taken (read, then deleted) once.
 * Shared by the page and the service worker builds: only Cache, Request, Response and File.
 */

/** The cache that holds one pending share at a time. */
export const SHARE_CACHE = 'pasteport-share-target';
/** The path the manifest's share_target posts to. */
export const SHARE_TARGET_PATH = '/share-target';
/** The query parameter the worker adds to the page it opens, so the page looks for a share. */
export const SHARED_PARAM = 'shared';

const META_KEY = '/__share-target/meta';
const fileKey = (index: number) => `/__share-target/file/${index}`;

/** A share as the page receives it. */
export interface SharedContent {
  title: string;
  text: string;
  url: string;
  files: File[];
}

interface SharedMeta {
  title: string;
  text: string;
  url: string;
  files: { name: string; type: string; lastModified: number }[];
}

function field(form: FormData, name: string): string {
  const value = form.get(name);
  return typeof value === 'string' ? value : '';
}

/** Reads a share target POST body: the text fields, and every non-empty file under `files`. */
export function sharedContentOf(form: FormData): SharedContent {
  const files = form
    .getAll('files')
    .filter((value): value is File => typeof value !== 'string' && value.size > 0);
  return { title: field(form, 'title'), text: field(form, 'text'), url: field(form, 'url'), files };
}

/** Replaces any earlier share with this one. */
export async function storeShare(cache: Cache, share: SharedContent): Promise<void> {
  for (const request of await cache.keys()) await cache.delete(request);
  await Promise.all(
    share.files.map((file, index) =>
      cache.put(fileKey(index), new Response(file, { headers: { 'Content-Type': file.type } })),
    ),
  );
  const meta: SharedMeta = {
    title: share.title,
    text: share.text,
    url: share.url,
    files: share.files.map((file) => ({
      name: file.name,
      type: file.type,
      lastModified: file.lastModified,
    })),
  };
  await cache.put(META_KEY, new Response(JSON.stringify(meta)));
}

/** The pending share, removed from the cache as it is read; undefined when there is none. */
export async function takeShare(cache: Cache): Promise<SharedContent | undefined> {
  const metaAnswer = await cache.match(META_KEY);
  if (!metaAnswer) return undefined;
  const meta = (await metaAnswer.json()) as SharedMeta;
  const files: File[] = [];
  for (const [index, info] of meta.files.entries()) {
    const answer = await cache.match(fileKey(index));
    if (!answer) continue;
    const blob = await answer.blob();
    files.push(new File([blob], info.name, { type: info.type, lastModified: info.lastModified }));
  }
  for (const request of await cache.keys()) await cache.delete(request);
  return { title: meta.title, text: meta.text, url: meta.url, files };
}

/** Where the worker sends the person: /upload for files, Home with a paste draft otherwise. */
export function pageForShare(share: SharedContent): string {
  return `${share.files.length > 0 ? '/upload' : '/'}?${SHARED_PARAM}=1`;
}

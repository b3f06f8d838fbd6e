import { readFile, readdir, stat } from 'node:fs/promises';
import path from 'node:path';

/**
 * TEST-SERVER SHIM: ListObjectsV2 with real S3 semantics over s3rver's store. s3rver 3.7.1
 * lists in filesystem-walk order (so 'b/…' before 'b-side.txt'), does not count common
 * prefixes towards max-keys and repeats them across pages; S3 orders by UTF-8 bytes and
 * pages keys and prefixes together. Only the test server is corrected here: the S3 driver
 * sends a plain ListObjectsV2.
 */

const OBJECT_SUFFIX = '._S3rver_object';
const XMLNS = 'http://s3.amazonaws.com/doc/2006-03-01/';

function xml(value: string): string {
  return value.replace(/[<>&"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

function byteOrder(a: string, b: string): number {
  return Buffer.compare(Buffer.from(a), Buffer.from(b));
}

async function allKeys(bucketDir: string): Promise<string[]> {
  const keys: string[] = [];
  async function walk(dir: string, prefix: string): Promise<void> {
    for (const entry of await readdir(dir, { withFileTypes: true })) {
      if (entry.isDirectory() && !entry.name.startsWith('._S3rver_')) {
        await walk(path.join(dir, entry.name), `${prefix}${entry.name}/`);
      } else if (entry.isFile() && entry.name.endsWith(OBJECT_SUFFIX)) {
        keys.push(prefix + entry.name.slice(0, -OBJECT_SUFFIX.length));
      }
    }
  }
  await walk(bucketDir, '');
  return keys.sort(byteOrder);
}

/** Answers a ListObjectsV2 request; returns the XML body. */
export async function listObjectsV2(dataDir: string, bucket: string, query: URLSearchParams) {
  const prefix = query.get('prefix') ?? '';
  const delimiter = query.get('delimiter') ?? '';
  const maxKeys = Math.min(Number(query.get('max-keys') ?? 1000), 1000);
  const token = query.get('continuation-token');
  const after = token
    ? Buffer.from(token, 'base64url').toString('utf8')
    : (query.get('start-after') ?? '');
  const bucketDir = path.join(dataDir, bucket);

  // Entries in S3 order: a key, or the common prefix that folds it (once).
  const entries: { key: string; isPrefix: boolean }[] = [];
  for (const key of await allKeys(bucketDir)) {
    if (!key.startsWith(prefix)) continue;
    const cut = delimiter ? key.indexOf(delimiter, prefix.length) : -1;
    const entry = cut === -1 ? key : key.slice(0, cut + delimiter.length);
    if (
      after !== '' &&
      (byteOrder(entry, after) <= 0 ||
        (after.endsWith(delimiter) && delimiter && entry.startsWith(after)))
    ) {
      continue;
    }
    if (entries.at(-1)?.key !== entry) entries.push({ key: entry, isPrefix: cut !== -1 });
  }
  const page = entries.slice(0, maxKeys);
  const truncated = entries.length > page.length;

  const contents = await Promise.all(
    page
      .filter((e) => !e.isPrefix)
      .map(async ({ key }) => {
        const segments = key.split('/');
        const last = segments.pop() ?? '';
        const file = path.join(bucketDir, ...segments, `${last}${OBJECT_SUFFIX}`);
        const [info, md5] = await Promise.all([
          stat(file),
          readFile(`${file}.md5`, 'utf8').catch(() => ''),
        ]);
        return (
          `<Contents><Key>${xml(key)}</Key><LastModified>${info.mtime.toISOString()}</LastModified>` +
          `<ETag>"${md5}"</ETag><Size>${info.size}</Size><StorageClass>STANDARD</StorageClass></Contents>`
        );
      }),
  );
  const prefixes = page
    .filter((e) => e.isPrefix)
    .map((e) => `<CommonPrefixes><Prefix>${xml(e.key)}</Prefix></CommonPrefixes>`);
  const next = truncated
    ? `<NextContinuationToken>${Buffer.from(page.at(-1)?.key ?? '').toString('base64url')}</NextContinuationToken>`
    : '';
  return (
    `<ListBucketResult xmlns="${XMLNS}"><Name>${xml(bucket)}</Name><Prefix>${xml(prefix)}</Prefix>` +
    `<KeyCount>${page.length}</KeyCount><MaxKeys>${maxKeys}</MaxKeys>` +
    (delimiter ? `<Delimiter>${xml(delimiter)}</Delimiter>` : '') +
    `<IsTruncated>${truncated}</IsTruncated>` +
    (token ? `<ContinuationToken>${xml(token)}</ContinuationToken>` : '') +
    next +
    contents.join('') +
    prefixes.join('') +
    '</ListBucketResult>'
  );
}

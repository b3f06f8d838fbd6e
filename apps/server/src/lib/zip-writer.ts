import { Readable } from 'node:stream';
import { crc32 } from 'node:zlib';

/*
 * A streaming ZIP writer (APPNOTE 6.3.x): entries are stored (method 0) — archives of a mount
 * are mostly photos, videos and archives already compressed, and storing keeps the server's CPU
 * out of the way of the network. Each entry's CRC-32 is computed while its bytes pass through,
 * so every entry has a data descriptor (flag bit 3) and a UTF-8 name (bit 11). ZIP64 records
 * are written where a size, an offset or the entry count needs them, so there is no 4 GiB or
 * 65,535-entry limit. Memory stays flat whatever the archive's size: the output is a Readable
 * that pulls the next chunk of a source only when its reader asks for more; only the central
 * directory is held, about 100 bytes plus the name per entry, which is why entries are capped.
 */

/** The most entries an archive holds by default (about 10 MB of central directory). */
export const DEFAULT_MAX_ZIP_ENTRIES = 100_000;

const ZIP64_MARKER_32 = 0xffffffff;
const ZIP64_MARKER_16 = 0xffff;
const FLAG_DATA_DESCRIPTOR = 0x0008;
const FLAG_UTF8 = 0x0800;
const VERSION_DEFAULT = 20;
const VERSION_ZIP64 = 45;
// Made by UNIX (3) so the external attributes carry permission bits, spec version 4.5.
const MADE_BY = (3 << 8) | VERSION_ZIP64;
const FILE_ATTRIBUTES = (0o100644 << 16) >>> 0;
// Unix directory mode plus the MS-DOS directory bit, which Windows tools read.
const DIRECTORY_ATTRIBUTES = ((0o040755 << 16) | 0x10) >>> 0;

/** One entry of an archive; names use '/' and a folder's name ends in '/'. */
export type ZipEntry =
  | { kind: 'folder'; name: string; modified: Date }
  | {
      kind: 'file';
      name: string;
      modified: Date;
      /** Opens the content when the writer reaches the entry; null skips it (gone meanwhile). */
      open: () => Promise<{ stream: Readable; size: number } | null>;
    };

export interface ZipWriterOptions {
  /**
   * Sizes and offsets from this value on are written as ZIP64 (default 0xFFFFFFFF, the format's
   * own limit); tests lower it so a tiny archive takes every ZIP64 path.
   */
  zip64Threshold?: number;
  /** Entry counts from this value on need the ZIP64 end record (default 0xFFFF). */
  zip64EntryThreshold?: number;
  /** More entries than this fail the archive (ZipEntryLimitError). */
  maxEntries?: number;
}

/** The archive would hold more entries than allowed. */
export class ZipEntryLimitError extends Error {
  constructor(readonly limit: number) {
    super(`an archive holds at most ${limit} entries`);
    this.name = 'ZipEntryLimitError';
  }
}

/** What the central directory keeps of a written entry. */
interface CentralRecord {
  name: Buffer;
  folder: boolean;
  zip64: boolean;
  crc: number;
  size: number;
  offset: number;
  dosTime: number;
  dosDate: number;
  unixTime: number;
}

/**
 * The archive of `entries` as a stream. The stream pulls: nothing is read from an entry's
 * source before the reader wants more bytes. Destroying it (the client went away) destroys the
 * source being read; a source's error or a broken limit destroys it with that error.
 */
export function createZipStream(
  entries: AsyncIterable<ZipEntry> | Iterable<ZipEntry>,
  options: ZipWriterOptions = {},
): Readable {
  const current: { source: Readable | null } = { source: null };
  const chunks = zipChunks(entries, options, current);
  let pulling = false;
  return new Readable({
    read() {
      if (pulling) return;
      pulling = true;
      void (async () => {
        try {
          for (;;) {
            const next = await chunks.next();
            if (this.destroyed) return;
            if (next.done) {
              this.push(null);
              return;
            }
            if (!this.push(next.value)) return;
          }
        } catch (err) {
          this.destroy(err as Error);
        } finally {
          pulling = false;
        }
      })();
    },
    destroy(err, callback) {
      current.source?.destroy();
      // Closing the generator runs its cleanup; it waits for a pending step to settle first.
      chunks.return(undefined).then(
        () => callback(err),
        () => callback(err),
      );
    },
  });
}

async function* zipChunks(
  entries: AsyncIterable<ZipEntry> | Iterable<ZipEntry>,
  options: ZipWriterOptions,
  current: { source: Readable | null },
): AsyncGenerator<Buffer> {
  const threshold = options.zip64Threshold ?? ZIP64_MARKER_32;
  const entryThreshold = options.zip64EntryThreshold ?? ZIP64_MARKER_16;
  const maxEntries = options.maxEntries ?? DEFAULT_MAX_ZIP_ENTRIES;
  const central: CentralRecord[] = [];
  let offset = 0;

  for await (const entry of entries) {
    if (central.length >= maxEntries) throw new ZipEntryLimitError(maxEntries);
    const opened = entry.kind === 'file' ? await entry.open() : null;
    if (entry.kind === 'file' && !opened) continue;
    const name = Buffer.from(entry.name, 'utf8');
    const { dosTime, dosDate } = dosDateTime(entry.modified);
    const unixTime = unixSeconds(entry.modified);
    const record: CentralRecord = {
      name,
      folder: entry.kind === 'folder',
      zip64: opened !== null && opened.size >= threshold,
      crc: 0,
      size: 0,
      offset,
      dosTime,
      dosDate,
      unixTime,
    };
    const header = localHeader(record);
    if (!opened) {
      offset += header.length;
      yield header;
      central.push(record);
      continue;
    }
    // From here until its last byte, the source is closed with the archive, however it ends.
    current.source = opened.stream;
    let crc = 0;
    let size = 0;
    try {
      offset += header.length;
      yield header;
      for await (const chunk of opened.stream) {
        const bytes = chunk as Buffer;
        crc = crc32(bytes, crc);
        size += bytes.length;
        if (!record.zip64 && size >= threshold) {
          throw new Error(`${entry.name} grew past its announced size while being archived`);
        }
        offset += bytes.length;
        yield bytes;
      }
    } finally {
      opened.stream.destroy();
      current.source = null;
    }
    record.crc = crc;
    record.size = size;
    const descriptor = dataDescriptor(record);
    offset += descriptor.length;
    yield descriptor;
    central.push(record);
  }

  const directoryOffset = offset;
  let directorySize = 0;
  for (const record of central) {
    const header = centralHeader(record, threshold);
    directorySize += header.length;
    yield header;
  }
  const zip64End =
    central.length >= entryThreshold || directoryOffset >= threshold || directorySize >= threshold;
  if (zip64End) {
    yield zip64EndRecords(central.length, directorySize, directoryOffset);
  }
  yield endRecord(central.length, directorySize, directoryOffset, zip64End);
}

function localHeader(record: CentralRecord): Buffer {
  // The extended timestamp (0x5455): modification time in Unix seconds.
  const timestamp = extendedTimestamp(record.unixTime);
  // With a data descriptor the sizes are zero here; ZIP64 says so in its extra (4.5.3).
  const zip64 = record.zip64 ? zip64Extra([0, 0]) : Buffer.alloc(0);
  const head = Buffer.alloc(30);
  head.writeUInt32LE(0x04034b50, 0);
  head.writeUInt16LE(record.zip64 ? VERSION_ZIP64 : VERSION_DEFAULT, 4);
  head.writeUInt16LE(FLAG_UTF8 | (record.folder ? 0 : FLAG_DATA_DESCRIPTOR), 6);
  head.writeUInt16LE(0, 8); // stored
  head.writeUInt16LE(record.dosTime, 10);
  head.writeUInt16LE(record.dosDate, 12);
  const sizeField = record.zip64 ? ZIP64_MARKER_32 : 0;
  head.writeUInt32LE(0, 14); // CRC-32: in the data descriptor
  head.writeUInt32LE(sizeField, 18);
  head.writeUInt32LE(sizeField, 22);
  head.writeUInt16LE(record.name.length, 26);
  head.writeUInt16LE(zip64.length + timestamp.length, 28);
  return Buffer.concat([head, record.name, zip64, timestamp]);
}

function dataDescriptor(record: CentralRecord): Buffer {
  const wide = record.zip64;
  const descriptor = Buffer.alloc(wide ? 24 : 16);
  descriptor.writeUInt32LE(0x08074b50, 0);
  descriptor.writeUInt32LE(record.crc, 4);
  if (wide) {
    descriptor.writeBigUInt64LE(BigInt(record.size), 8);
    descriptor.writeBigUInt64LE(BigInt(record.size), 16);
  } else {
    descriptor.writeUInt32LE(record.size, 8);
    descriptor.writeUInt32LE(record.size, 12);
  }
  return descriptor;
}

function centralHeader(record: CentralRecord, threshold: number): Buffer {
  const wideSize = record.zip64 || record.size >= threshold;
  const wideOffset = record.offset >= threshold;
  // The ZIP64 extra holds exactly the fields marked 0xFFFFFFFF, in this order (4.5.3).
  const wide: number[] = [];
  if (wideSize) wide.push(record.size, record.size);
  if (wideOffset) wide.push(record.offset);
  const zip64 = wide.length > 0 ? zip64Extra(wide) : Buffer.alloc(0);
  const timestamp = extendedTimestamp(record.unixTime);
  const head = Buffer.alloc(46);
  head.writeUInt32LE(0x02014b50, 0);
  head.writeUInt16LE(MADE_BY, 4);
  head.writeUInt16LE(wide.length > 0 ? VERSION_ZIP64 : VERSION_DEFAULT, 6);
  head.writeUInt16LE(FLAG_UTF8 | (record.folder ? 0 : FLAG_DATA_DESCRIPTOR), 8);
  head.writeUInt16LE(0, 10);
  head.writeUInt16LE(record.dosTime, 12);
  head.writeUInt16LE(record.dosDate, 14);
  head.writeUInt32LE(record.crc, 16);
  head.writeUInt32LE(wideSize ? ZIP64_MARKER_32 : record.size, 20);
  head.writeUInt32LE(wideSize ? ZIP64_MARKER_32 : record.size, 24);
  head.writeUInt16LE(record.name.length, 28);
  head.writeUInt16LE(zip64.length + timestamp.length, 30);
  head.writeUInt16LE(0, 32); // comment length
  head.writeUInt16LE(0, 34); // disk number
  head.writeUInt16LE(0, 36); // internal attributes
  head.writeUInt32LE(record.folder ? DIRECTORY_ATTRIBUTES : FILE_ATTRIBUTES, 38);
  head.writeUInt32LE(wideOffset ? ZIP64_MARKER_32 : record.offset, 42);
  return Buffer.concat([head, record.name, zip64, timestamp]);
}

function zip64Extra(values: readonly number[]): Buffer {
  const extra = Buffer.alloc(4 + 8 * values.length);
  extra.writeUInt16LE(0x0001, 0);
  extra.writeUInt16LE(8 * values.length, 2);
  values.forEach((value, i) => extra.writeBigUInt64LE(BigInt(value), 4 + 8 * i));
  return extra;
}

function extendedTimestamp(unixTime: number): Buffer {
  const extra = Buffer.alloc(9);
  extra.writeUInt16LE(0x5455, 0);
  extra.writeUInt16LE(5, 2);
  extra.writeUInt8(1, 4); // modification time present
  extra.writeUInt32LE(unixTime, 5);
  return extra;
}

function zip64EndRecords(count: number, size: number, offset: number): Buffer {
  const record = Buffer.alloc(56);
  record.writeUInt32LE(0x06064b50, 0);
  record.writeBigUInt64LE(44n, 4); // size of the rest of this record
  record.writeUInt16LE(MADE_BY, 12);
  record.writeUInt16LE(VERSION_ZIP64, 14);
  record.writeUInt32LE(0, 16); // this disk
  record.writeUInt32LE(0, 20); // disk of the central directory
  record.writeBigUInt64LE(BigInt(count), 24);
  record.writeBigUInt64LE(BigInt(count), 32);
  record.writeBigUInt64LE(BigInt(size), 40);
  record.writeBigUInt64LE(BigInt(offset), 48);
  const locator = Buffer.alloc(20);
  locator.writeUInt32LE(0x07064b50, 0);
  locator.writeUInt32LE(0, 4); // disk of the ZIP64 end record
  locator.writeBigUInt64LE(BigInt(offset + size), 8);
  locator.writeUInt32LE(1, 16); // disks in total
  return Buffer.concat([record, locator]);
}

function endRecord(count: number, size: number, offset: number, zip64: boolean): Buffer {
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(0, 4);
  end.writeUInt16LE(0, 6);
  // With the ZIP64 end record present, every field readers take from it says so.
  end.writeUInt16LE(zip64 ? ZIP64_MARKER_16 : count, 8);
  end.writeUInt16LE(zip64 ? ZIP64_MARKER_16 : count, 10);
  end.writeUInt32LE(zip64 ? ZIP64_MARKER_32 : size, 12);
  end.writeUInt32LE(zip64 ? ZIP64_MARKER_32 : offset, 16);
  end.writeUInt16LE(0, 20);
  return end;
}

/** MS-DOS date and time (local fields, 2-second steps) of an instant, clamped to 1980–2107. */
function dosDateTime(date: Date): { dosTime: number; dosDate: number } {
  const valid = Number.isNaN(date.getTime()) ? new Date(0) : date;
  const year = Math.min(Math.max(valid.getUTCFullYear(), 1980), 2107);
  const clamped = year !== valid.getUTCFullYear();
  const d = clamped ? new Date(Date.UTC(year, 0, 1)) : valid;
  return {
    dosTime: (d.getUTCHours() << 11) | (d.getUTCMinutes() << 5) | (d.getUTCSeconds() >> 1),
    dosDate: ((year - 1980) << 9) | ((d.getUTCMonth() + 1) << 5) | d.getUTCDate(),
  };
}

/** Unix seconds for the extended timestamp, clamped to its unsigned 32-bit field. */
function unixSeconds(date: Date): number {
  const seconds = Math.floor(date.getTime() / 1000);
  if (!Number.isFinite(seconds) || seconds < 0) return 0;
  return Math.min(seconds, ZIP64_MARKER_32);
}

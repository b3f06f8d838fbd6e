import { z } from 'zod';
import { MOUNT_STORAGE_TYPES } from './mount-rules.js';

/*
 * The file system's read half (SPEC §7 "File system"): list, get, download and file-link, with
 * CloudPaste's field names so its clients work. Paths are plain strings here: the server's one
 * normaliser (paths.ts `checkPath`) checks them and answers a 400 naming the field.
 */

/** Entries a listing page holds when the request names no limit (one S3 page). */
export const FS_LIST_LIMIT_DEFAULT = 1000;
/** The most entries one listing page may ask for (the server chains storage pages up to it). */
export const FS_LIST_LIMIT_MAX = 5000;
/** Longest `cursor` accepted (a cursor is made by the server; longer ones are forged). */
export const FS_CURSOR_MAX = 4096;
/** Longest lifetime of a file link, in seconds (S3's one week). */
export const FS_LINK_EXPIRES_MAX = 604_800;

const pathField = z.string({ message: 'the path is required' });

/** `GET /api/fs/list` query. */
export const fsListQuerySchema = z.object({
  path: pathField.default('/'),
  limit: z.coerce
    .number({ message: 'must be a number' })
    .int('must be a whole number')
    .min(1, 'must be at least 1')
    .max(FS_LIST_LIMIT_MAX, `must be at most ${FS_LIST_LIMIT_MAX}`)
    .default(FS_LIST_LIMIT_DEFAULT),
  cursor: z
    .string()
    .max(FS_CURSOR_MAX, 'not a cursor of this listing')
    .optional()
    .transform((value) => (value === '' ? undefined : value)),
});
export type FsListQuery = z.output<typeof fsListQuerySchema>;

/** `GET /api/fs/get` and `GET /api/fs/download` query. */
export const fsPathQuerySchema = z.object({ path: pathField });

/** `GET /api/fs/file-link` query. */
export const fsFileLinkQuerySchema = z.object({
  path: pathField,
  /** Seconds the link stays valid; the storage's own signature lifetime when absent. */
  expires_in: z.coerce
    .number({ message: 'must be a number' })
    .int('must be a whole number')
    .min(1, 'must be at least 1')
    .max(FS_LINK_EXPIRES_MAX, `must be at most ${FS_LINK_EXPIRES_MAX}`)
    .optional(),
  /** Whether the link makes browsers save the file rather than show it. */
  force_download: z
    .enum(['true', 'false', '1', '0'], { message: 'must be true or false' })
    .transform((value) => value === 'true' || value === '1')
    .default(false),
});
export type FsFileLinkQuery = z.output<typeof fsFileLinkQuerySchema>;

/** The storage type of a mount: the driver of its storage config (S3 or LOCAL). */
export const fsStorageTypeSchema = z.enum(MOUNT_STORAGE_TYPES);

/** What a folder entry and a path's info both tell. */
const entryFields = {
  name: z.string(),
  path: z.string(),
  size: z.number().int().min(0),
  /** ISO-8601 UTC. */
  modified: z.string().nullable(),
  mimetype: z.string().nullable(),
};

/**
 * One entry of a folder. Folders have size 0, mimetype null and, unless storage knows one,
 * modified null. A mount's root (in a virtual folder, or a mount nested below the folder)
 * carries `isMount: true` with the mount's id and storage type, so an explorer can show it as a
 * mount and scope a search to it.
 */
export const fsItemSchema = z.object({
  ...entryFields,
  isDirectory: z.boolean(),
  /** A file's entity tag as storage lists it (bare, as `get` answers it); folders have none. */
  etag: z.string().optional(),
  isMount: z.boolean().optional(),
  mount_id: z.string().optional(),
  storage_type: fsStorageTypeSchema.optional(),
});
export type FsItem = z.infer<typeof fsItemSchema>;

/**
 * `GET /api/fs/list` → data: one page of a folder, folders before files and each group in name
 * order (UTF-8 byte order, as S3 lists). `next_cursor` is set while more remain; pass it back
 * unchanged. A virtual folder (above mount paths) has no mount and fits on one page.
 */
export const fsListSchema = z.object({
  path: z.string(),
  isVirtual: z.boolean(),
  mount_id: z.string().nullable(),
  storage_type: fsStorageTypeSchema.nullable(),
  /**
   * Whether the caller may write here (upload, new folder, rename, delete): false in a virtual
   * folder, in a read-only mount and for a key whose mount permission is read-only. The server
   * checks every write again; this only lets an explorer hide what would be refused.
   */
  writable: z.boolean(),
  items: z.array(fsItemSchema),
  next_cursor: z.string().nullable(),
});
export type FsList = z.infer<typeof fsListSchema>;

const infoFields = {
  ...entryFields,
  mount_id: z.string().nullable(),
  storage_type: fsStorageTypeSchema.nullable(),
};

/** `GET /api/fs/get` → data: a file (with its ETag) or a folder (virtual or in a mount). */
export const fsInfoSchema = z.discriminatedUnion('isDirectory', [
  z.object({ ...infoFields, isDirectory: z.literal(false), etag: z.string() }),
  z.object({ ...infoFields, isDirectory: z.literal(true), isVirtual: z.boolean() }),
]);
export type FsInfo = z.infer<typeof fsInfoSchema>;

/** `GET /api/fs/file-link` → data: a link that downloads the file without credentials. */
export const fsFileLinkSchema = z.object({
  /** S3: a presigned URL; local disk: a link signed by this server (origin-relative or absolute). */
  presignedUrl: z.string(),
  name: z.string(),
  expiresIn: z.number().int(),
  /** ISO-8601 UTC. */
  expiresAt: z.string(),
  forceDownload: z.boolean(),
});
export type FsFileLink = z.infer<typeof fsFileLinkSchema>;

import type { Migration } from 'kysely';
import * as m0001 from './0001_foundation.js';
import * as m0002 from './0002_identity.js';
import * as m0003 from './0003_pastes.js';
import * as m0004 from './0004_jobs.js';
import * as m0005 from './0005_files.js';
import * as m0006 from './0006_part_size_bigint.js';
import * as m0007 from './0007_upload_secret.js';
import * as m0008 from './0008_partial_sweep_indexes.js';
import * as m0009 from './0009_mounts.js';
import * as m0010 from './0010_fs_index.js';
import * as m0011 from './0011_tasks.js';
import * as m0012 from './0012_linked_files.js';
import * as m0013 from './0013_archive_links.js';
import * as m0014 from './0014_storage_path_bytewise.js';
import * as m0015 from './0015_webdav.js';
import * as m0016 from './0016_idempotency_keys.js';
import * as m0017 from './0017_url_imports.js';

/**
 * Every migration, in order. Listed statically (not read from disk) so the built server and the
 * tests run exactly the same set; names sort in application order.
 */
export const migrations: Record<string, Migration> = {
  '0001_foundation': m0001,
  '0002_identity': m0002,
  '0003_pastes': m0003,
  '0004_jobs': m0004,
  '0005_files': m0005,
  '0006_part_size_bigint': m0006,
  '0007_upload_secret': m0007,
  '0008_partial_sweep_indexes': m0008,
  '0009_mounts': m0009,
  '0010_fs_index': m0010,
  '0011_tasks': m0011,
  '0012_linked_files': m0012,
  '0013_archive_links': m0013,
  '0014_storage_path_bytewise': m0014,
  '0015_webdav': m0015,
  '0016_idempotency_keys': m0016,
  '0017_url_imports': m0017,
};

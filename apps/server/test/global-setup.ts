import type { TestProject } from 'vitest/node';
import { startPostgres } from './postgres.js';
import { s3SettingsOf, startS3Server } from './s3-server.js';

/**
 * Starts the real dependencies of the integration tier once for the whole run: PostgreSQL and an
 * S3-compatible server, both on random loopback ports. Test files share them and isolate their
 * data with their own database / bucket prefix.
 */
export default async function setup(project: TestProject) {
  const [postgres, s3] = await Promise.all([startPostgres(), startS3Server()]);
  project.provide('postgresUrl', postgres.url);
  project.provide('s3', s3SettingsOf(s3));
  return async () => {
    await Promise.all([postgres.stop(), s3.stop()]);
  };
}

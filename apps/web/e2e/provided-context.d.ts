import 'vitest';
import type { TestS3Settings } from '../../server/test/s3-server.js';

/** Values the e2e globalSetup hands to every spec (read with `inject`). */
declare module 'vitest' {
  export interface ProvidedContext {
    baseUrl: string;
    /** The server's DATA_DIR: the default local storage is its `storage` folder. */
    dataDir: string;
    chromiumPath: string;
    /** The administrator the e2e server was started with. */
    admin: { username: string; password: string };
    /** The S3-compatible test server (s3rver), for mounts on S3. */
    s3: TestS3Settings;
  }
}

import 'vitest';
import type { TestS3Settings } from './s3-server.js';

/** Values the integration globalSetup hands to every test file (read with `inject`). */
declare module 'vitest' {
  export interface ProvidedContext {
    postgresUrl: string;
    s3: TestS3Settings;
  }
}

import 'vitest';

/** Values the integration globalSetup hands to every test file (read with `inject`). */
declare module 'vitest' {
  export interface ProvidedContext {
    postgresUrl: string;
    s3: {
      endpoint: string;
      region: string;
      bucket: string;
      accessKeyId: string;
      secretAccessKey: string;
    };
  }
}

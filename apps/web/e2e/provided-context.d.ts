import 'vitest';

/** Values the e2e globalSetup hands to every spec (read with `inject`). */
declare module 'vitest' {
  export interface ProvidedContext {
    baseUrl: string;
    chromiumPath: string;
    /** The administrator the e2e server was started with. */
    admin: { username: string; password: string };
  }
}

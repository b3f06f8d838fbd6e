import 'vitest';

/** Values the e2e globalSetup hands to every spec (read with `inject`). */
declare module 'vitest' {
  export interface ProvidedContext {
    baseUrl: string;
    chromiumPath: string;
  }
}

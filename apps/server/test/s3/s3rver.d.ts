// s3rver 3.7.1 ships no types; this declares only what the test server uses.
declare module 's3rver' {
  import type { IncomingHttpHeaders, IncomingMessage } from 'node:http';
  import type { AddressInfo } from 'node:net';
  import type { Readable } from 'node:stream';

  /** The slice of Koa's context the test middleware touches. */
  export interface S3rverContext {
    req: IncomingMessage | Readable;
    method: string;
    /** Raw (still percent-encoded) path. */
    path: string;
    /** Raw query string without '?'. */
    querystring: string;
    headers: IncomingHttpHeaders;
    status: number;
    type: string;
    body: unknown;
    set(name: string, value: string): void;
  }

  export type S3rverMiddleware = (ctx: S3rverContext, next: () => Promise<void>) => Promise<void>;

  export interface S3rverOptions {
    address?: string;
    port?: number;
    silent?: boolean;
    directory?: string;
    resetOnClose?: boolean;
    allowMismatchedSignatures?: boolean;
    vhostBuckets?: boolean;
    configureBuckets?: { name: string; configs?: (string | Buffer)[] }[];
  }

  export default class S3rver {
    constructor(options: S3rverOptions);
    /** Koa's middleware list; entries unshifted before run() see every request first. */
    middleware: S3rverMiddleware[];
    run(): Promise<AddressInfo>;
    close(): Promise<void>;
  }
}

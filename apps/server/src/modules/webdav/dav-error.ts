/**
 * A WebDAV answer other than success: its status, a plain message, and where RFC 4918 names
 * one, the precondition or postcondition element the `<D:error>` body carries (for example
 * `propfind-finite-depth`, `lock-token-submitted`, `no-conflicting-lock`).
 */
export class DavError extends Error {
  readonly status: number;
  readonly condition: string | undefined;
  readonly headers: Record<string, string> | undefined;
  /** Hrefs the condition names (the locked resources of a 423). */
  readonly hrefs: readonly string[];

  constructor(
    status: number,
    message: string,
    options: {
      condition?: string;
      headers?: Record<string, string>;
      hrefs?: readonly string[];
    } = {},
  ) {
    super(message);
    this.name = 'DavError';
    this.status = status;
    this.condition = options.condition;
    this.headers = options.headers;
    this.hrefs = options.hrefs ?? [];
  }
}

export const badRequest = (message: string) => new DavError(400, message);

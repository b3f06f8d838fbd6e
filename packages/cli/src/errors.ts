/** Exit codes of the pasteport command (docs/CLI.md lists them). */
export const EXIT = {
  ok: 0,
  /** A server failure, a network failure, or anything else. */
  failure: 1,
  /** The command line is wrong: nothing was sent. */
  usage: 2,
  /** 401 or 403: no key, a wrong or expired key, or a key without the permission. */
  auth: 3,
  /** 404, or 410 (expired or used up): the thing asked for is not there. */
  notFound: 4,
} as const;
export type ExitCode = (typeof EXIT)[keyof typeof EXIT];

/** A wrong command line: its message says what to change. */
export class UsageError extends Error {
  override readonly name = 'UsageError';
}

/** A server answer that is not a success, with the server's own message and code. */
export class ApiError extends Error {
  override readonly name = 'ApiError';
  constructor(
    readonly status: number,
    message: string,
    /** The envelope's error code (e.g. NOT_FOUND), when the answer carried one. */
    readonly code: string | undefined = undefined,
    /** The envelope's validation details (which field broke which rule). */
    readonly details: readonly { field: string; message: string }[] = [],
  ) {
    super(message);
  }
}

/** Which exit code an HTTP status means. */
export function exitCodeOfStatus(status: number): ExitCode {
  if (status === 401 || status === 403) return EXIT.auth;
  if (status === 404 || status === 410) return EXIT.notFound;
  return EXIT.failure;
}

/** Which exit code a failure means. */
export function exitCodeOf(error: unknown): ExitCode {
  if (error instanceof UsageError) return EXIT.usage;
  if (error instanceof ApiError) return exitCodeOfStatus(error.status);
  return EXIT.failure;
}

/** The one line (plus field details) a failure is reported with on stderr. */
export function describeError(error: unknown): string {
  if (error instanceof ApiError) {
    const fields = error.details.map((detail) => `\n  ${detail.field}: ${detail.message}`);
    return `${error.message} (HTTP ${error.status})${fields.join('')}`;
  }
  if (error instanceof Error) {
    // fetch's "fetch failed" hides the reason (refused, unknown host) in its cause.
    const cause = error.cause instanceof Error ? `: ${error.cause.message}` : '';
    return `${error.message}${cause}`;
  }
  return String(error);
}

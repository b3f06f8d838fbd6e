/** A command failure meant for the operator: printed as is, exit status 1, no stack trace. */
export class OpsError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'OpsError';
  }
}

/** Where a command writes: lines for the operator (stdout) and its problems (stderr). */
export interface OpsOutput {
  info: (line: string) => void;
  warn: (line: string) => void;
}

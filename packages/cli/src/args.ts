import { parseArgs, type ParseArgsConfig } from 'node:util';
import { UsageError } from './errors.js';

export type OptionSpec = NonNullable<ParseArgsConfig['options']>;

/** Options every command takes. */
export const GLOBAL_OPTIONS = {
  json: { type: 'boolean' },
  help: { type: 'boolean', short: 'h' },
} as const satisfies OptionSpec;

export interface Parsed<V> {
  values: V & { json?: boolean; help?: boolean };
  positionals: string[];
}

/**
 * One command's arguments through node:util parseArgs (strict: an unknown option or a missing
 * value is a usage error naming it). `--` ends the options, so `pasteport get -- -x` works.
 */
export function parseCommand<O extends OptionSpec>(
  args: readonly string[],
  options: O,
): Parsed<ReturnType<typeof parseArgs<{ options: O; allowPositionals: true }>>['values']> {
  try {
    const { values, positionals } = parseArgs({
      args: [...args],
      options: { ...GLOBAL_OPTIONS, ...options },
      allowPositionals: true,
      strict: true,
    });
    return { values: values as never, positionals };
  } catch (error) {
    throw new UsageError(error instanceof Error ? error.message : String(error));
  }
}

/** A whole number option within bounds; `name` is how the message names it. */
export function intOption(
  value: string | undefined,
  name: string,
  min: number,
  max: number = Number.MAX_SAFE_INTEGER,
): number | undefined {
  if (value === undefined) return undefined;
  if (!/^\d+$/.test(value.trim())) throw new UsageError(`${name} must be a whole number`);
  const number = Number(value.trim());
  if (!Number.isSafeInteger(number) || number < min || number > max) {
    throw new UsageError(`${name} must be ${min}–${max}`);
  }
  return number;
}

/** Where the command line splits: the command, and what follows it. */
export function splitCommand(argv: readonly string[]): {
  command: string | undefined;
  rest: string[];
} {
  const index = argv.findIndex((arg) => !arg.startsWith('-'));
  if (index === -1) return { command: undefined, rest: [...argv] };
  return { command: argv[index], rest: [...argv.slice(0, index), ...argv.slice(index + 1)] };
}

import type { ValidationIssue } from '@pasteport/contract';
import { AppError } from '../lib/app-error.js';
import { localDriverDefinition } from './drivers/local/local-definition.js';
import { s3DriverDefinition } from './drivers/s3/s3-definition.js';
import type { StorageDriverContext, StorageDriverDefinition } from './storage-definition.js';
import type { StorageDriver, StorageDriverKind } from './storage-driver.js';

/** A storage config as stored: which driver, and that driver's (unvalidated) options. */
export interface StorageConfigInput {
  driver: StorageDriverKind | (string & {});
  options: unknown;
}

/** The drivers this build knows; names map to definitions, never to SDKs. */
export const STORAGE_DRIVER_KINDS: readonly StorageDriverKind[] = ['local', 's3'];

/** Every driver definition, for what concerns them all (their own routes). */
export const STORAGE_DRIVER_DEFINITIONS: readonly Pick<
  StorageDriverDefinition<unknown>,
  'kind' | 'routes'
>[] = [localDriverDefinition, s3DriverDefinition];

function parseWith<Config>(definition: StorageDriverDefinition<Config>, options: unknown): Config {
  const parsed = definition.configSchema.safeParse(options);
  if (parsed.success) return parsed.data;
  const details: ValidationIssue[] = parsed.error.issues.map((issue) => ({
    field: ['options', ...issue.path.map(String)].join('.'),
    rule: issue.code,
    message: issue.message,
  }));
  throw new AppError('VALIDATION_FAILED', `invalid ${definition.kind} storage options`, {
    details,
  });
}

function unknownDriver(driver: string): never {
  throw new AppError('VALIDATION_FAILED', `unknown storage driver: ${driver}`, {
    details: [
      { field: 'driver', rule: 'enum', message: `one of ${STORAGE_DRIVER_KINDS.join(', ')}` },
    ],
  });
}

/**
 * Validates a config's options with its driver's own schema (for the admin API, before
 * saving); returns them parsed, with defaults. Throws VALIDATION_FAILED with details.
 */
export function parseStorageOptions(input: StorageConfigInput): unknown {
  switch (input.driver) {
    case 'local':
      return parseWith(localDriverDefinition, input.options);
    case 's3':
      return parseWith(s3DriverDefinition, input.options);
    default:
      return unknownDriver(input.driver);
  }
}

/** Builds the driver of one storage config after validating its options. */
export async function createStorageDriver(
  id: string,
  input: StorageConfigInput,
  context: StorageDriverContext,
): Promise<StorageDriver> {
  switch (input.driver) {
    case 'local':
      return localDriverDefinition.create(
        id,
        parseWith(localDriverDefinition, input.options),
        context,
      );
    case 's3':
      return s3DriverDefinition.create(id, parseWith(s3DriverDefinition, input.options), context);
    default:
      return unknownDriver(input.driver);
  }
}

import type { FastifyInstance } from 'fastify';
import type { z } from 'zod';
import type { StorageDriver, StorageDriverKind } from './storage-driver.js';

/** What the server gives every driver besides its own stored options. */
export interface StorageDriverContext {
  /** HMAC key for server-signed URLs (local driver); ≥ 32 bytes. */
  signingKey: Buffer;
  /** Where the driver's own routes are mounted (driverRoutesPrefix), as links name them. */
  signedUrlBase: string;
}

/** What a driver's own routes get from the app. */
export interface StorageDriverRoutesContext {
  /** Where they are mounted: driverRoutesPrefix of the driver's kind. */
  prefix: string;
  /** The live driver of a storage config, or null when it does not exist or cannot be built. */
  getDriver: (id: string) => Promise<StorageDriver | null>;
}

/** Where a driver's own routes live: every driver kind has its own folder under /api/storage. */
export function driverRoutesPrefix(kind: string): string {
  return `/api/storage/${kind}`;
}

/**
 * How one driver plugs in: its kind, its own config schema, and a constructor that may load
 * heavy SDKs lazily. The factory knows drivers only through these definitions.
 */
export interface StorageDriverDefinition<Config> {
  kind: StorageDriverKind;
  configSchema: z.ZodType<Config>;
  create(id: string, config: Config, context: StorageDriverContext): Promise<StorageDriver>;
  /** Routes the driver serves itself (the local driver's signed URLs); the app mounts them. */
  routes?: (app: FastifyInstance, context: StorageDriverRoutesContext) => Promise<void>;
}

import type { z } from 'zod';
import type { StorageDriver, StorageDriverKind } from './storage-driver.js';

/** What the server gives every driver besides its own stored options. */
export interface StorageDriverContext {
  /** HMAC key for server-signed URLs (local driver); ≥ 32 bytes. */
  signingKey: Buffer;
  /** Where registerLocalSignedRoutes is mounted, e.g. '/api/storage/local'. */
  signedUrlBase: string;
}

/**
 * How one driver plugs in: its kind, its own config schema, and a constructor that may load
 * heavy SDKs lazily. The factory knows drivers only through these definitions.
 */
export interface StorageDriverDefinition<Config> {
  kind: StorageDriverKind;
  configSchema: z.ZodType<Config>;
  create(id: string, config: Config, context: StorageDriverContext): Promise<StorageDriver>;
}

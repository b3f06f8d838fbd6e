import type { StorageDriverDefinition } from '../../storage-definition.js';
import { s3StorageConfigSchema, type S3StorageConfig } from './s3-config.js';

/** The S3 driver as the storage factory sees it; the AWS SDK loads on first use only. */
export const s3DriverDefinition: StorageDriverDefinition<S3StorageConfig> = {
  kind: 's3',
  configSchema: s3StorageConfigSchema,
  create: async (id, config) => {
    const { S3StorageDriver } = await import('./s3-driver.js');
    return new S3StorageDriver({ id, config });
  },
};

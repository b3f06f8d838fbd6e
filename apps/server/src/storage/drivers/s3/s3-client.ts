import { S3Client } from '@aws-sdk/client-s3';
import type { S3StorageConfig } from './s3-config.js';

/** The bucket a driver works in and the client that talks to it. */
export interface S3Target {
  client: S3Client;
  bucket: string;
}

/** Builds the one S3Client shape every part of the product uses. */
export function createS3Client(config: S3StorageConfig): S3Client {
  return new S3Client({
    region: config.region,
    ...(config.endpoint !== undefined && { endpoint: config.endpoint }),
    forcePathStyle: config.forcePathStyle,
    credentials: { accessKeyId: config.accessKeyId, secretAccessKey: config.secretAccessKey },
    // The SDK defaults add flexible checksums: streamed bodies then go out aws-chunked (which
    // several S3-compatible servers store verbatim) and presigned PUT/part URLs sign the
    // checksum of an empty body, which real S3 rejects. Only send them where S3 demands it.
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
  });
}

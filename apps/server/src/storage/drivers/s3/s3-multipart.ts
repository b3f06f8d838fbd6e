import {
  AbortMultipartUploadCommand,
  CompleteMultipartUploadCommand,
  CreateMultipartUploadCommand,
  ListPartsCommand,
  UploadPartCommand,
} from '@aws-sdk/client-s3';
import type { Readable } from 'node:stream';
import { AppError } from '../../../lib/app-error.js';
import type { CompletedPart, UploadedPart } from '../../storage-driver.js';
import { bareEtag, validateCompletedParts } from '../../storage-rules.js';
import { isS3NotFound, mapS3Error } from './s3-errors.js';
import type { S3Target } from './s3-client.js';

/** Server-side halves of an S3 multipart upload (the parts go browser → S3 directly). */
export class S3Multipart {
  constructor(private readonly target: S3Target) {}

  /** Starts an upload; `key` (storage-relative) only names it in errors. */
  async create(fullKey: string, contentType: string, key: string): Promise<string> {
    try {
      const output = await this.target.client.send(
        new CreateMultipartUploadCommand({
          Bucket: this.target.bucket,
          Key: fullKey,
          ContentType: contentType,
        }),
      );
      if (!output.UploadId) throw new AppError('UPSTREAM_FAILED', 'storage returned no upload id');
      return output.UploadId;
    } catch (error) {
      throw mapS3Error(error, key);
    }
  }

  /** Every stored part, following S3's 1,000-part pages. */
  async listParts(fullKey: string, uploadId: string, key: string): Promise<UploadedPart[]> {
    const parts: UploadedPart[] = [];
    let marker: string | undefined;
    try {
      do {
        const page = await this.target.client.send(
          new ListPartsCommand({
            Bucket: this.target.bucket,
            Key: fullKey,
            UploadId: uploadId,
            ...(marker !== undefined && { PartNumberMarker: marker }),
          }),
        );
        for (const part of page.Parts ?? []) {
          parts.push({
            partNumber: part.PartNumber ?? 0,
            etag: bareEtag(part.ETag ?? ''),
            size: part.Size ?? 0,
          });
        }
        marker = page.IsTruncated ? page.NextPartNumberMarker : undefined;
      } while (marker !== undefined);
    } catch (error) {
      throw mapS3Error(error, key);
    }
    return parts.sort((a, b) => a.partNumber - b.partNumber);
  }

  /** Assembles the object; returns S3's ETag of it. */
  async complete(
    fullKey: string,
    uploadId: string,
    requested: readonly CompletedPart[],
    key: string,
  ): Promise<string | undefined> {
    const parts = validateCompletedParts(requested);
    try {
      const output = await this.target.client.send(
        new CompleteMultipartUploadCommand({
          Bucket: this.target.bucket,
          Key: fullKey,
          UploadId: uploadId,
          MultipartUpload: {
            Parts: parts.map((part) => ({ PartNumber: part.partNumber, ETag: `"${part.etag}"` })),
          },
        }),
      );
      return output.ETag;
    } catch (error) {
      throw mapS3Error(error, key);
    }
  }

  /**
   * Sends one part through this server (the relay for browsers that cannot reach the bucket);
   * S3 needs the length up front to stream a body.
   */
  async uploadPart(
    fullKey: string,
    uploadId: string,
    partNumber: number,
    body: Readable,
    contentLength: number,
    key: string,
  ): Promise<string> {
    try {
      const output = await this.target.client.send(
        new UploadPartCommand({
          Bucket: this.target.bucket,
          Key: fullKey,
          UploadId: uploadId,
          PartNumber: partNumber,
          Body: body,
          ContentLength: contentLength,
        }),
      );
      if (!output.ETag) throw new AppError('UPSTREAM_FAILED', 'storage returned no part ETag');
      return bareEtag(output.ETag);
    } catch (error) {
      throw mapS3Error(error, key);
    }
  }

  /** Discards an upload; one that is already gone counts as aborted. */
  async abort(fullKey: string, uploadId: string, key: string): Promise<void> {
    try {
      await this.target.client.send(
        new AbortMultipartUploadCommand({
          Bucket: this.target.bucket,
          Key: fullKey,
          UploadId: uploadId,
        }),
      );
    } catch (error) {
      if (isS3NotFound(error)) return;
      throw mapS3Error(error, key);
    }
  }
}

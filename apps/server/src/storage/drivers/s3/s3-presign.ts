import {
  GetObjectCommand,
  PutObjectCommand,
  UploadPartCommand,
  type S3Client,
} from '@aws-sdk/client-s3';
import { getSignedUrl } from '@aws-sdk/s3-request-presigner';
import { contentDisposition } from '../../../lib/content-disposition.js';
import type * as Port from '../../storage-driver.js';
import { resolveExpirySeconds } from '../../storage-rules.js';
import type { S3Target } from './s3-client.js';

type SigningOptions = { expiresIn: number; signableHeaders: Set<string> };

/**
 * SigV4 query-signed URLs for the browser. Content-Type (and Content-Length when given) are
 * signed headers of a PUT, so S3 itself refuses an upload of another type or size.
 */
export class S3Presigner {
  constructor(
    private readonly target: S3Target,
    private readonly defaultExpiry: number,
  ) {}

  /** A presigned PutObject; the client must send the returned headers. */
  async put(fullKey: string, options: Port.PresignPutOptions): Promise<Port.PresignedRequest> {
    const command = new PutObjectCommand({
      Bucket: this.target.bucket,
      Key: fullKey,
      ContentType: options.contentType,
      ...(options.contentLength !== undefined && { ContentLength: options.contentLength }),
    });
    const headers = { 'content-type': options.contentType };
    return this.#sign('PUT', options.expiresInSeconds, headers, (client, signing) =>
      getSignedUrl(client, command, signing),
    );
  }

  /** A presigned GetObject, with response header overrides for name and type. */
  async get(fullKey: string, options: Port.PresignGetOptions): Promise<Port.PresignedRequest> {
    const wantsDisposition = options.disposition !== undefined || options.filename !== undefined;
    const command = new GetObjectCommand({
      Bucket: this.target.bucket,
      Key: fullKey,
      ...(wantsDisposition && {
        ResponseContentDisposition: contentDisposition(
          options.disposition ?? 'attachment',
          options.filename,
        ),
      }),
      ...(options.contentType !== undefined && { ResponseContentType: options.contentType }),
    });
    return this.#sign('GET', options.expiresInSeconds, {}, (client, signing) =>
      getSignedUrl(client, command, signing),
    );
  }

  /** A presigned UploadPart; S3 answers the PUT with the part's ETag header. */
  async part(
    fullKey: string,
    uploadId: string,
    partNumber: number,
    options: Port.PresignPartOptions,
  ): Promise<Port.PresignedRequest> {
    const command = new UploadPartCommand({
      Bucket: this.target.bucket,
      Key: fullKey,
      UploadId: uploadId,
      PartNumber: partNumber,
      ...(options.contentLength !== undefined && { ContentLength: options.contentLength }),
    });
    return this.#sign('PUT', options.expiresInSeconds, {}, (client, signing) =>
      getSignedUrl(client, command, signing),
    );
  }

  // getSignedUrl is generic per command type, so each caller hands in its own call.
  async #sign(
    method: 'PUT' | 'GET',
    expiresInSeconds: number | undefined,
    headers: Record<string, string>,
    sign: (client: S3Client, signing: SigningOptions) => Promise<string>,
  ): Promise<Port.PresignedRequest> {
    const seconds = resolveExpirySeconds(expiresInSeconds, this.defaultExpiry);
    const signedAt = Date.now();
    const url = await sign(this.target.client, {
      expiresIn: seconds,
      signableHeaders: new Set(Object.keys(headers)),
    });
    return { url, method, headers, expiresAt: new Date(signedAt + seconds * 1000) };
  }
}

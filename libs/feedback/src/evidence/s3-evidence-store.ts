import type { Readable } from 'node:stream';
import {
  DeleteObjectCommand,
  GetObjectCommand,
  NoSuchKey,
  PutObjectCommand,
  type S3Client,
  type S3ClientConfig,
} from '@aws-sdk/client-s3';
import type { EvidenceConfig } from './evidence.config';
import type { EvidenceStore, StoredEvidence } from './evidence-store';

/** The client of FEEDBACK_EVIDENCE_S3_* settings; credentials from the SDK's chain unless given. */
export function s3ClientConfigOf(config: EvidenceConfig): S3ClientConfig {
  const accessKeyId = config.FEEDBACK_EVIDENCE_S3_ACCESS_KEY_ID;
  const secretAccessKey = config.FEEDBACK_EVIDENCE_S3_SECRET_ACCESS_KEY;
  return {
    region: config.FEEDBACK_EVIDENCE_S3_REGION,
    endpoint: config.FEEDBACK_EVIDENCE_S3_ENDPOINT,
    forcePathStyle: ['true', '1'].includes(config.FEEDBACK_EVIDENCE_S3_FORCE_PATH_STYLE),
    ...(accessKeyId && secretAccessKey && { credentials: { accessKeyId, secretAccessKey } }),
  };
}

/**
 * Evidence in an S3-compatible bucket, private: objects are written without any ACL (the
 * bucket's own, private by default) and read only by this process for the proxied routes.
 */
export class S3EvidenceStore implements EvidenceStore {
  readonly kind = 's3';

  constructor(
    private readonly client: S3Client,
    private readonly bucket: string,
  ) {}

  async put(key: string, bytes: Buffer, contentType: string): Promise<void> {
    await this.client.send(
      new PutObjectCommand({
        Bucket: this.bucket,
        Key: key,
        Body: bytes,
        ContentType: contentType,
        ContentLength: bytes.length,
      }),
    );
  }

  async get(key: string): Promise<StoredEvidence | null> {
    try {
      const object = await this.client.send(
        new GetObjectCommand({ Bucket: this.bucket, Key: key }),
      );
      return { body: object.Body as Readable, size: object.ContentLength ?? 0 };
    } catch (error) {
      if (error instanceof NoSuchKey || (error as { name?: unknown }).name === 'NoSuchKey') {
        return null;
      }
      throw error;
    }
  }

  /** S3 answers a delete of a missing key with success too. */
  async delete(key: string): Promise<void> {
    await this.client.send(new DeleteObjectCommand({ Bucket: this.bucket, Key: key }));
  }
}

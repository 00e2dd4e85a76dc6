import { createReadStream, createWriteStream } from "node:fs";
import { rm } from "node:fs/promises";
import { Readable } from "node:stream";
import { pipeline } from "node:stream/promises";
import {
  DeleteObjectCommand,
  GetObjectCommand,
  ListObjectsV2Command,
  NoSuchKey,
  S3Client,
  type S3ClientConfig,
  S3ServiceException,
} from "@aws-sdk/client-s3";
import { Upload } from "@aws-sdk/lib-storage";
import type { AppConfig } from "../config";
import { isStorageKey } from "./storage-keys";
import type { ByteRange, Storage } from "./storage-types";

type S3Config = NonNullable<AppConfig["s3"]>;

/**
 * The client options for `config`. With a custom `S3_ENDPOINT` path-style addressing is
 * used (`endpoint/bucket/key`), which every compatible server accepts (virtual hosts need
 * DNS for each bucket). Checksums are sent and checked only where an operation requires
 * them: since 3.729 the SDK otherwise adds CRC32 checksums to every upload (as
 * `aws-chunked` trailers on streamed bodies) and checks them on downloads, which
 * S3-compatible servers that predate the feature refuse or mishandle. Integrity is still
 * covered by TLS and the SDK's Content-MD5 where an operation requires it.
 */
export function s3ClientConfig(config: S3Config): S3ClientConfig {
  return {
    region: config.region ?? "us-east-1",
    ...(config.endpoint !== undefined && { endpoint: config.endpoint }),
    forcePathStyle: config.endpoint !== undefined,
    requestChecksumCalculation: "WHEN_REQUIRED",
    responseChecksumValidation: "WHEN_REQUIRED",
    ...(config.accessKeyId &&
      config.secretAccessKey && {
        credentials: { accessKeyId: config.accessKeyId, secretAccessKey: config.secretAccessKey },
      }),
  };
}

/**
 * An S3-compatible bucket (AWS, MinIO, Ceph, R2, …). Uploads stream through lib-storage's
 * `Upload` (one PutObject up to 8 MB, else a multipart upload of 8 MB parts, 2 at a time,
 * aborted on failure so no parts are left behind); reads stream the object's body.
 */
export function createS3Storage(config: S3Config): Storage {
  const client = new S3Client(s3ClientConfig(config));
  const bucket = config.bucket;
  const getBody = async (key: string, range?: ByteRange) => {
    try {
      const answer = await client.send(
        new GetObjectCommand({
          Bucket: bucket,
          Key: key,
          Range: range ? `bytes=${range.start}-${range.end}` : undefined,
        }),
      );
      if (!(answer.Body instanceof Readable)) return undefined;
      return { body: answer.Body, size: answer.ContentLength ?? 0 };
    } catch (error) {
      if (error instanceof NoSuchKey) return undefined;
      if (error instanceof S3ServiceException && error.$metadata.httpStatusCode === 404) {
        return undefined;
      }
      throw error;
    }
  };
  return {
    kind: "s3",
    async putFile(key, sourcePath, contentType) {
      const upload = new Upload({
        client,
        params: {
          Bucket: bucket,
          Key: key,
          Body: createReadStream(sourcePath),
          ContentType: contentType,
          CacheControl: "public, max-age=31536000, immutable",
        },
        partSize: 8 * 1024 * 1024,
        queueSize: 2,
        // The default, stated: a failed multipart upload is aborted (its parts deleted).
        leavePartsOnError: false,
      });
      await upload.done();
      await rm(sourcePath, { force: true });
    },
    async open(key, range) {
      if (!isStorageKey(key)) return undefined;
      return getBody(key, range);
    },
    async copyToFile(key, destinationPath) {
      const object = await getBody(key);
      if (!object) throw new Error(`stored file ${key} is missing`);
      await pipeline(object.body, createWriteStream(destinationPath));
    },
    async remove(key) {
      if (!isStorageKey(key)) return;
      await client.send(new DeleteObjectCommand({ Bucket: bucket, Key: key }));
    },
    async *list() {
      let token: string | undefined;
      do {
        const page = await client.send(
          new ListObjectsV2Command({ Bucket: bucket, ContinuationToken: token }),
        );
        for (const object of page.Contents ?? []) {
          if (object.Key && isStorageKey(object.Key) && object.LastModified) {
            yield { key: object.Key, modifiedAt: object.LastModified };
          }
        }
        token = page.IsTruncated ? page.NextContinuationToken : undefined;
      } while (token);
    },
  };
}

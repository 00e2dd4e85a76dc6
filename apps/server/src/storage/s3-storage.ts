import { createReadStream, createWriteStream } from "node:fs";
import { rm } from "node:fs/promises";
import { Readable } from "node:stream";
import { pipeline } from "node:stream/promises";
import {
  DeleteObjectCommand,
  GetObjectCommand,
  NoSuchKey,
  S3Client,
  S3ServiceException,
} from "@aws-sdk/client-s3";
import { Upload } from "@aws-sdk/lib-storage";
import type { AppConfig } from "../config";
import type { ByteRange, Storage } from "./storage";
import { isStorageKey } from "./storage-keys";

type S3Config = NonNullable<AppConfig["s3"]>;

/**
 * An S3-compatible bucket (AWS, MinIO, Ceph, R2, …). Uploads stream through lib-storage's
 * multipart `Upload` (parts of 8 MB, 2 at a time); reads stream the object's body. With a
 * custom `S3_ENDPOINT` path-style addressing is used, which every compatible server accepts.
 */
export function createS3Storage(config: S3Config): Storage {
  const client = new S3Client({
    region: config.region ?? "us-east-1",
    endpoint: config.endpoint,
    forcePathStyle: config.endpoint !== undefined,
    credentials:
      config.accessKeyId && config.secretAccessKey
        ? { accessKeyId: config.accessKeyId, secretAccessKey: config.secretAccessKey }
        : undefined,
  });
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
  };
}

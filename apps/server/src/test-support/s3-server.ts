import { existsSync, mkdtempSync, readdirSync, rmSync } from "node:fs";
import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import { GetObjectCommand, ListObjectsV2Command, S3Client } from "@aws-sdk/client-s3";
import S3rver from "s3rver";

/**
 * A local S3-compatible server for tests: s3rver (objects kept in a temporary folder) behind
 * a thin HTTP front on 127.0.0.1 that records every request and can refuse chosen ones.
 * s3rver lacks AbortMultipartUpload (it answers 405); the front does it as S3 does — the
 * upload's parts are dropped — so a test can see that no multipart upload is left behind.
 */

export const S3_TEST_BUCKET = "leadquiz-test";
/** The credentials s3rver accepts (any well-formed signature of this key pair). */
const ACCESS_KEY = "S3RVER";
const SECRET_KEY = "S3RVER";

export interface S3Request {
  method: string;
  /** Path and query, as sent (path-style: `/bucket/key?…`). */
  url: string;
  headers: IncomingMessage["headers"];
}

export interface S3TestServer {
  endpoint: string;
  bucket: string;
  /** The S3_* variables that point the app at this server. */
  env: Record<string, string>;
  /** Every request received so far, oldest first. */
  requests: S3Request[];
  /** Answers requests `refuse` returns true for with 400 InvalidArgument (not retried). */
  refuseWhen(refuse: ((request: S3Request) => boolean) | undefined): void;
  /** The bucket's keys, listed through the S3 API. */
  listKeys(): Promise<string[]>;
  /** An object's bytes and content type, read through the S3 API. */
  getObject(key: string): Promise<{ bytes: Buffer; contentType: string | undefined }>;
  /** The ids of multipart uploads started and neither completed nor aborted. */
  pendingMultipartUploads(): string[];
  client: S3Client;
  close(): Promise<void>;
}

export async function startS3TestServer(): Promise<S3TestServer> {
  const directory = mkdtempSync(path.join(tmpdir(), "leadquiz-s3rver-"));
  const s3rver = new S3rver({
    silent: true,
    directory,
    configureBuckets: [{ name: S3_TEST_BUCKET, configs: [] }],
  });
  await s3rver.configureBuckets();
  const handle = s3rver.callback();
  // s3rver's folder of multipart uploads in progress (one folder per upload id).
  const uploadsDir = path.join(directory, S3_TEST_BUCKET, "._S3rver_uploads");
  const requests: S3Request[] = [];
  let refuse: ((request: S3Request) => boolean) | undefined;

  const server: Server = createServer((req: IncomingMessage, res: ServerResponse) => {
    const request: S3Request = {
      method: req.method ?? "",
      url: req.url ?? "",
      headers: req.headers,
    };
    requests.push(request);
    const query = new URL(request.url, "http://s3.test").searchParams;
    if (refuse?.(request)) {
      req.resume();
      res.writeHead(400, { "content-type": "application/xml" });
      res.end(
        '<?xml version="1.0" encoding="UTF-8"?><Error><Code>InvalidArgument</Code>' +
          "<Message>refused by the test</Message></Error>",
      );
      return;
    }
    const uploadId = query.get("uploadId");
    if (request.method === "DELETE" && uploadId !== null) {
      // AbortMultipartUpload, which s3rver does not implement.
      req.resume();
      if (!/^[0-9a-f]+$/.test(uploadId) || !existsSync(path.join(uploadsDir, uploadId))) {
        res.writeHead(404, { "content-type": "application/xml" });
        res.end("<Error><Code>NoSuchUpload</Code></Error>");
        return;
      }
      rmSync(path.join(uploadsDir, uploadId), { recursive: true, force: true });
      res.writeHead(204);
      res.end();
      return;
    }
    handle(req, res);
  });
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(0, "127.0.0.1", () => resolve());
  });
  const { port } = server.address() as AddressInfo;
  const endpoint = `http://127.0.0.1:${port}`;
  const client = new S3Client({
    region: "us-east-1",
    endpoint,
    forcePathStyle: true,
    requestChecksumCalculation: "WHEN_REQUIRED",
    responseChecksumValidation: "WHEN_REQUIRED",
    credentials: { accessKeyId: ACCESS_KEY, secretAccessKey: SECRET_KEY },
  });

  return {
    endpoint,
    bucket: S3_TEST_BUCKET,
    env: {
      S3_BUCKET: S3_TEST_BUCKET,
      S3_ENDPOINT: endpoint,
      S3_REGION: "us-east-1",
      S3_ACCESS_KEY_ID: ACCESS_KEY,
      S3_SECRET_ACCESS_KEY: SECRET_KEY,
    },
    requests,
    client,
    refuseWhen(next) {
      refuse = next;
    },
    async listKeys() {
      const keys: string[] = [];
      let token: string | undefined;
      do {
        const page = await client.send(
          new ListObjectsV2Command({ Bucket: S3_TEST_BUCKET, ContinuationToken: token }),
        );
        for (const object of page.Contents ?? []) if (object.Key) keys.push(object.Key);
        token = page.IsTruncated ? page.NextContinuationToken : undefined;
      } while (token);
      return keys.sort();
    },
    async getObject(key) {
      const answer = await client.send(new GetObjectCommand({ Bucket: S3_TEST_BUCKET, Key: key }));
      const bytes = Buffer.from((await answer.Body?.transformToByteArray()) ?? []);
      return { bytes, contentType: answer.ContentType };
    },
    pendingMultipartUploads() {
      return existsSync(uploadsDir) ? readdirSync(uploadsDir) : [];
    },
    async close() {
      client.destroy();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
      rmSync(directory, { recursive: true, force: true });
    },
  };
}

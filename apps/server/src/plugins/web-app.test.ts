import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from "node:zlib";
import Fastify, { type FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { webAppPlugin } from "./web-app";

/** A built owner app as apps/web's build writes it: each file with its .br and .gz copies. */
const ENTRY = `export const greeting = ${JSON.stringify("hello ".repeat(400))};\n`;
const INDEX = `<!doctype html><html><body><div id="root">${"<p>shell</p>".repeat(50)}</div><script type="module" src="/assets/index-AbC123.js"></script></body></html>`;
/** The build's page for `/quiz/…`: index.html naming the editor's scripts too. */
const QUIZ_PAGE = INDEX.replace(
  "<body>",
  '<head><link rel="modulepreload" crossorigin href="/assets/editor-XyZ789.js"></head><body>',
);

function writeWithCopies(file: string, text: string) {
  writeFileSync(file, text);
  writeFileSync(`${file}.br`, brotliCompressSync(Buffer.from(text)));
  writeFileSync(`${file}.gz`, gzipSync(Buffer.from(text), { level: 9 }));
}

let distDir: string;
let app: FastifyInstance;

beforeAll(async () => {
  distDir = mkdtempSync(path.join(tmpdir(), "leadquiz-web-dist-"));
  mkdirSync(path.join(distDir, "assets"));
  writeWithCopies(path.join(distDir, "index.html"), INDEX);
  writeWithCopies(path.join(distDir, "assets", "index-AbC123.js"), ENTRY);
  mkdirSync(path.join(distDir, "routes"));
  writeWithCopies(path.join(distDir, "routes", "quiz.html"), QUIZ_PAGE);
  app = Fastify();
  await app.register(webAppPlugin, { distDir });
  await app.ready();
});

afterAll(async () => {
  await app.close();
  rmSync(distDir, { recursive: true, force: true });
});

const ASSET = "/assets/index-AbC123.js";

describe("the owner app's hashed assets", () => {
  it("are sent as the brotli copy to a browser that accepts br, cached for a year", async () => {
    const response = await app.inject({
      url: ASSET,
      headers: { "accept-encoding": "gzip, deflate, br" },
    });
    expect(response.statusCode).toBe(200);
    expect(response.headers["content-encoding"]).toBe("br");
    expect(response.headers["content-type"]).toMatch(/javascript/);
    expect(response.headers["cache-control"]).toBe("public, max-age=31536000, immutable");
    expect(response.headers.vary).toBe("accept-encoding");
    expect(brotliDecompressSync(response.rawPayload).toString()).toBe(ENTRY);
  });

  it("are sent as the gzip copy when only gzip is accepted", async () => {
    const response = await app.inject({ url: ASSET, headers: { "accept-encoding": "gzip" } });
    expect(response.statusCode).toBe(200);
    expect(response.headers["content-encoding"]).toBe("gzip");
    expect(response.headers["cache-control"]).toBe("public, max-age=31536000, immutable");
    expect(response.headers.vary).toBe("accept-encoding");
    expect(gunzipSync(response.rawPayload).toString()).toBe(ENTRY);
  });

  it("are sent plain when no encoding is accepted", async () => {
    const response = await app.inject({ url: ASSET, headers: { "accept-encoding": "" } });
    expect(response.statusCode).toBe(200);
    expect(response.headers["content-encoding"]).toBeUndefined();
    expect(response.headers["cache-control"]).toBe("public, max-age=31536000, immutable");
    expect(response.headers.vary).toBe("accept-encoding");
    expect(response.body).toBe(ENTRY);
  });

  it("are not reachable under the compressed copies' own names", async () => {
    const response = await app.inject({ url: `${ASSET}.br` });
    expect(response.statusCode).toBe(404);
  });
});

describe("the owner app's index.html", () => {
  it("answers a client route compressed, revalidated every time, and 304 when unchanged", async () => {
    const first = await app.inject({
      url: "/login",
      headers: { "accept-encoding": "br" },
    });
    expect(first.statusCode).toBe(200);
    expect(first.headers["content-type"]).toMatch(/text\/html/);
    expect(first.headers["content-encoding"]).toBe("br");
    expect(first.headers["cache-control"]).toBe("no-cache");
    expect(first.headers.vary).toBe("accept-encoding");
    expect(brotliDecompressSync(first.rawPayload).toString()).toBe(INDEX);
    const etag = first.headers.etag;
    expect(etag).toBeTruthy();

    const again = await app.inject({
      url: "/login",
      headers: { "accept-encoding": "br", "if-none-match": String(etag) },
    });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe("");
  });

  it("is sent plain to a client that accepts no encoding", async () => {
    const response = await app.inject({ url: "/", headers: { "accept-encoding": "" } });
    expect(response.statusCode).toBe(200);
    expect(response.headers["content-encoding"]).toBeUndefined();
    expect(response.headers["cache-control"]).toBe("no-cache");
    expect(response.body).toBe(INDEX);
  });

  it("is not the answer to an unknown API address", async () => {
    const response = await app.inject({ url: "/api/v1/nothing-here" });
    expect(response.statusCode).toBe(404);
  });
});

describe("the build's page of a route (routes/{prefix}.html)", () => {
  it("answers the addresses below its prefix, compressed and revalidated like index.html", async () => {
    for (const url of ["/quiz/12/questions", "/quiz/12/", "/quiz/12/results?tab=logic"]) {
      const response = await app.inject({ url, headers: { "accept-encoding": "br" } });
      expect(response.statusCode, url).toBe(200);
      expect(response.headers["content-type"], url).toMatch(/text\/html/);
      expect(response.headers["content-encoding"], url).toBe("br");
      expect(response.headers["cache-control"], url).toBe("no-cache");
      expect(brotliDecompressSync(response.rawPayload).toString(), url).toBe(QUIZ_PAGE);
    }
  });

  it("leaves every other address to index.html", async () => {
    for (const url of ["/", "/quiz", "/quizzes/1", "/leads/quiz/1", "/projects"]) {
      const response = await app.inject({ url, headers: { "accept-encoding": "" } });
      expect(response.statusCode, url).toBe(200);
      expect(response.body, url).toBe(INDEX);
    }
  });
});

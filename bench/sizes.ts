import { readFileSync } from "node:fs";
import { request } from "node:http";
import path from "node:path";
import { brotliCompressSync, constants, gzipSync } from "node:zlib";
import { at } from "./support";

/** Sizes in bytes: as is, `gzip -9`, and brotli at quality 11. */
export interface Size {
  raw: number;
  gzip: number;
  brotli: number;
}

export function sizeOf(body: Buffer | string): Size {
  const buffer = typeof body === "string" ? Buffer.from(body, "utf8") : body;
  return {
    raw: buffer.length,
    gzip: gzipSync(buffer, { level: 9 }).length,
    brotli: brotliCompressSync(buffer, {
      params: {
        [constants.BROTLI_PARAM_QUALITY]: 11,
        [constants.BROTLI_PARAM_SIZE_HINT]: buffer.length,
      },
    }).length,
  };
}

export function addSizes(sizes: readonly Size[]): Size {
  return sizes.reduce(
    (sum, size) => ({
      raw: sum.raw + size.raw,
      gzip: sum.gzip + size.gzip,
      brotli: sum.brotli + size.brotli,
    }),
    { raw: 0, gzip: 0, brotli: 0 },
  );
}

/** One GET with the given headers; the body exactly as sent (not decompressed). */
export function getRaw(
  url: string,
  headers: Record<string, string> = {},
): Promise<{
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: Buffer;
}> {
  return new Promise((resolve, reject) => {
    const req = request(url, { method: "GET", headers }, (response) => {
      const chunks: Buffer[] = [];
      response.on("data", (chunk: Buffer) => chunks.push(chunk));
      response.on("end", () =>
        resolve({
          status: response.statusCode ?? 0,
          headers: response.headers,
          body: Buffer.concat(chunks),
        }),
      );
      response.on("error", reject);
    });
    req.on("error", reject);
    req.end();
  });
}

/** A file as the server sends it: identity body sizes plus what it sends for br and gzip. */
export interface ServedFile extends Size {
  url: string;
  /** Bytes on the wire when the client accepts br (the server's own compression). */
  servedBrotli: number | null;
  servedGzip: number | null;
}

export async function servedFile(url: string): Promise<ServedFile> {
  const plain = await getRaw(url, { "accept-encoding": "identity" });
  if (plain.status !== 200) {
    throw new Error(`GET ${url}: ${plain.status} ${plain.body.toString("utf8").slice(0, 300)}`);
  }
  const wire = async (encoding: string) => {
    const answer = await getRaw(url, { "accept-encoding": encoding });
    return answer.headers["content-encoding"] === encoding ? answer.body.length : null;
  };
  return {
    url,
    ...sizeOf(plain.body),
    servedBrotli: await wire("br"),
    servedGzip: await wire("gzip"),
  };
}

interface ManifestChunk {
  file: string;
  name?: string;
  src?: string;
  isEntry?: boolean;
  isDynamicEntry?: boolean;
  imports?: string[];
  dynamicImports?: string[];
  css?: string[];
}

export interface RuntimeFile extends Size {
  file: string;
  /** Why it loads (the part of the typical quiz). */
  role: string;
}

export interface RuntimeSizes {
  /** Everything a typical quiz with a phone field loads, in loading order. */
  typical: RuntimeFile[];
  typicalTotal: Size;
  /** The entry with its static imports: what loads before the first screen (issue 15). */
  initialTotal: Size;
  /** Without the language chunk: the hosted page and the embed's frame inline the texts. */
  hostedTotal: Size;
  /** Loaded only when the owner configured analytics ids (not in the typical total). */
  analytics: RuntimeFile | null;
  css: RuntimeFile;
}

/**
 * The visitor runtime's JavaScript for a typical quiz, from the build's manifest
 * (docs/adr/0007): the entry with its static imports (always), the language chunk of the
 * quiz language, the later screens (one chunk, fetched in idle time), the phone chunk (libphonenumber-js core, when the quiz has a phone field
 * and is started) and the metadata zone of the language's default country.
 */
export function runtimeSizes(language: string, phoneZone: string): RuntimeSizes {
  const dist = at("apps/runtime/dist");
  const manifest = JSON.parse(
    readFileSync(path.join(dist, ".vite", "manifest.json"), "utf8"),
  ) as Record<string, ManifestChunk>;
  const counted = new Set<string>();
  const typical: RuntimeFile[] = [];
  const fileSize = (file: string, role: string): RuntimeFile => ({
    file,
    role,
    ...sizeOf(readFileSync(path.join(dist, file))),
  });
  /** A chunk and its static imports, each once. */
  const add = (key: string, role: string) => {
    const chunk = manifest[key];
    if (!chunk) throw new Error(`the runtime manifest has no ${key}`);
    if (counted.has(chunk.file)) return;
    counted.add(chunk.file);
    typical.push(fileSize(chunk.file, role));
    for (const imported of chunk.imports ?? []) add(imported, `${role} (static import)`);
  };
  const keyOf = (test: (key: string, chunk: ManifestChunk) => boolean, what: string) => {
    const found = Object.entries(manifest).find(([key, chunk]) => test(key, chunk));
    if (!found) throw new Error(`the runtime manifest has no ${what}`);
    return found[0];
  };

  const entry = keyOf((_, chunk) => chunk.isEntry === true, "entry");
  add(entry, "entry (always)");
  const initialFiles = typical.length;
  const languageKey = keyOf(
    (key) => key.endsWith(`i18n/src/visitor/${language}.ts`),
    `language chunk ${language}`,
  );
  add(languageKey, `language ${language} (inlined by the hosted page)`);
  add(
    keyOf((_, chunk) => chunk.name === "screens", "screens chunk"),
    "later screens: question, results, form, thanks (fetched in idle time)",
  );
  add(
    keyOf((key) => key.endsWith("src/phone.ts"), "phone chunk"),
    "phone checker (quiz started, phone field)",
  );
  add(
    keyOf(
      (key) => key.endsWith(`phone-metadata/zone-${phoneZone}.json`),
      `phone zone ${phoneZone}`,
    ),
    `phone metadata zone ${phoneZone}`,
  );
  const languageFile = manifest[languageKey]?.file;

  const analyticsKey = Object.keys(manifest).find((key) => key.endsWith("src/analytics.ts"));
  const analyticsChunk = analyticsKey ? manifest[analyticsKey] : undefined;
  // As the server finds it (runtime-assets.ts): the entry's, or the build's only stylesheet.
  const cssFile =
    manifest[entry]?.css?.[0] ??
    Object.values(manifest).find((chunk) => chunk.file.endsWith(".css"))?.file;
  if (!cssFile) throw new Error("the runtime manifest names no stylesheet");
  return {
    typical,
    typicalTotal: addSizes(typical),
    initialTotal: addSizes(typical.slice(0, initialFiles)),
    hostedTotal: addSizes(typical.filter((file) => file.file !== languageFile)),
    analytics: analyticsChunk ? fileSize(analyticsChunk.file, "owner analytics (optional)") : null,
    css: fileSize(cssFile, "stylesheet (inlined into the page)"),
  };
}

import { readFile, writeFile } from "node:fs/promises";
import path from "node:path";
import { promisify } from "node:util";
import { brotliCompress, constants, gzip } from "node:zlib";
import type { Plugin } from "vite";

const brotli = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

/** What is worth compressing: text the browser loads (source maps only load in devtools). */
const COMPRESSIBLE = /\.(js|mjs|css|html|svg|json|txt|webmanifest)$/;

/**
 * Writes `file.br` (brotli, quality 11) and `file.gz` (gzip, level 9) next to a file, each
 * only when it is smaller than the file; returns the extensions written. The server sends
 * them as they are (docs/speed.md "Owner app delivery").
 */
export async function precompressFile(file: string): Promise<string[]> {
  const plain = await readFile(file);
  const [br, gz] = await Promise.all([
    brotli(plain, {
      params: {
        [constants.BROTLI_PARAM_QUALITY]: 11,
        [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
        [constants.BROTLI_PARAM_SIZE_HINT]: plain.length,
      },
    }),
    gzipAsync(plain, { level: 9 }),
  ]);
  const written: string[] = [];
  for (const [extension, bytes] of [
    [".br", br],
    [".gz", gz],
  ] as const) {
    if (bytes.length < plain.length) {
      await writeFile(file + extension, bytes);
      written.push(extension);
    }
  }
  return written;
}

/** Vite plugin: after the build is written, pre-compresses every text file it wrote. */
export function precompressBuild(): Plugin {
  return {
    name: "leadquiz-precompress",
    apply: "build",
    async writeBundle(options, bundle) {
      const outDir = options.dir ?? "dist";
      const files = Object.keys(bundle).filter((name) => COMPRESSIBLE.test(name));
      await Promise.all(files.map((name) => precompressFile(path.join(outDir, name))));
    },
  };
}

import { promisify } from "node:util";
import { brotliCompress, constants, gzip } from "node:zlib";

const brotli = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

/** A hosted page as sent: the HTML and its compressed forms, made once. */
export interface CompressedPage {
  html: Buffer;
  gzip: Buffer;
  br: Buffer;
}

/** A hosted quiz page of one version, build and mode (public-pages.plugin.ts). */
export interface HostedPage extends CompressedPage {
  etag: string;
  csp: string;
}

/** Compresses a page once, off the event loop: gzip level 9 and brotli quality 11. */
export async function compressedPage(html: string): Promise<CompressedPage> {
  const bytes = Buffer.from(html);
  const [gz, br] = await Promise.all([
    gzipAsync(bytes, { level: 9 }),
    brotli(bytes, {
      params: {
        [constants.BROTLI_PARAM_QUALITY]: 11,
        [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
        [constants.BROTLI_PARAM_SIZE_HINT]: bytes.length,
      },
    }),
  ]);
  return { html: bytes, gzip: gz, br };
}

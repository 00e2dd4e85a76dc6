import { promisify } from "node:util";
import { brotliCompress, constants, gzip } from "node:zlib";
import negotiate from "@fastify/accept-negotiator";

const brotli = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

/** A body made once and kept as sent: the bytes and their compressed forms. */
export interface Precompressed {
  plain: Buffer;
  gzip: Buffer;
  br: Buffer;
}

/**
 * Compresses a body once, off the event loop: gzip level 9 and brotli quality 11
 * (docs/speed.md "Published quiz cache").
 */
export async function precompress(body: string, kind: "text" | "json"): Promise<Precompressed> {
  const plain = Buffer.from(body);
  const [gz, br] = await Promise.all([
    gzipAsync(plain, { level: 9 }),
    brotli(plain, {
      params: {
        [constants.BROTLI_PARAM_QUALITY]: 11,
        [constants.BROTLI_PARAM_MODE]:
          kind === "text" ? constants.BROTLI_MODE_TEXT : constants.BROTLI_MODE_GENERIC,
        [constants.BROTLI_PARAM_SIZE_HINT]: plain.length,
      },
    }),
  ]);
  return { plain, gzip: gz, br };
}

/**
 * The form to send for an `Accept-Encoding` header (brotli first, then gzip, else plain)
 * and its `Content-Encoding` (undefined for plain).
 */
export function pickEncoding(
  body: Precompressed,
  acceptEncoding: string | undefined,
): { bytes: Buffer; encoding: "br" | "gzip" | undefined } {
  const encoding = negotiate(acceptEncoding ?? "", ["br", "gzip"]) ?? undefined;
  return { bytes: encoding ? body[encoding] : body.plain, encoding };
}

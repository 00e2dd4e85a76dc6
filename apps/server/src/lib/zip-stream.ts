import { once } from "node:events";
import { PassThrough, type Readable } from "node:stream";
import { constants, crc32, createDeflateRaw } from "node:zlib";

/**
 * A zip archive written as its entries' contents are produced (the lead export's XLSX):
 * each entry is deflated as a stream, its CRC-32 and sizes follow it in a data descriptor,
 * and the central directory closes the archive. Memory stays flat whatever the size.
 * Not zip64: an entry and the archive must stay under 4 GiB (the export's sheet is about
 * 1 KB per lead, so a few million leads).
 */

export interface ZipEntry {
  /** The path inside the archive (UTF-8). */
  name: string;
  content: Iterable<string | Buffer> | AsyncIterable<string | Buffer>;
}

/** DOS time and date of `now` (the archive's entries all carry the export's time). */
function dosTime(now: Date): { time: number; date: number } {
  return {
    time: (now.getHours() << 11) | (now.getMinutes() << 5) | Math.floor(now.getSeconds() / 2),
    date: ((now.getFullYear() - 1980) << 9) | ((now.getMonth() + 1) << 5) | now.getDate(),
  };
}

/** General purpose flags: sizes in a data descriptor (bit 3), UTF-8 names (bit 11). */
const FLAGS = 0x0808;
const DEFLATE = 8;

export function zipStream(entries: readonly ZipEntry[], level = constants.Z_BEST_SPEED): Readable {
  const out = new PassThrough();
  const { time, date } = dosTime(new Date());
  let offset = 0;
  const central: Buffer[] = [];

  async function write(chunk: Buffer) {
    if (out.destroyed) throw new Error("the zip's reader went away");
    offset += chunk.length;
    if (!out.write(chunk)) await once(out, "drain");
  }

  async function writeEntry(entry: ZipEntry) {
    const name = Buffer.from(entry.name, "utf8");
    const start = offset;
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(20, 4);
    local.writeUInt16LE(FLAGS, 6);
    local.writeUInt16LE(DEFLATE, 8);
    local.writeUInt16LE(time, 10);
    local.writeUInt16LE(date, 12);
    local.writeUInt16LE(name.length, 26);
    await write(Buffer.concat([local, name]));

    // Large output chunks: each one costs a callback from zlib's thread and a socket write
    // (16 KB, the default, made 500 of each per 100,000 exported leads).
    const deflate = createDeflateRaw({ level, chunkSize: 256 * 1024 });
    let compressed = 0;
    deflate.on("data", (chunk: Buffer) => {
      compressed += chunk.length;
    });
    deflate.pipe(out, { end: false });
    // A reader that went away stops the writing (a wait for `drain` then fails).
    const stop = () => deflate.destroy(new Error("the zip's reader went away"));
    out.once("close", stop);
    const ended = once(deflate, "end");
    let crc = 0;
    let size = 0;
    for await (const text of entry.content) {
      const bytes = typeof text === "string" ? Buffer.from(text, "utf8") : text;
      crc = crc32(bytes, crc); // zlib's own CRC-32 (Node 20.15+, 22.2+): a JS loop cost 0.3 s per 100,000 rows
      size += bytes.length;
      if (!deflate.write(bytes)) await once(deflate, "drain");
    }
    deflate.end();
    await ended;
    deflate.unpipe(out);
    out.off("close", stop);
    offset += compressed;

    const descriptor = Buffer.alloc(16);
    descriptor.writeUInt32LE(0x08074b50, 0);
    descriptor.writeUInt32LE(crc, 4);
    descriptor.writeUInt32LE(compressed, 8);
    descriptor.writeUInt32LE(size, 12);
    await write(descriptor);

    const header = Buffer.alloc(46);
    header.writeUInt32LE(0x02014b50, 0);
    header.writeUInt16LE(20, 4);
    header.writeUInt16LE(20, 6);
    header.writeUInt16LE(FLAGS, 8);
    header.writeUInt16LE(DEFLATE, 10);
    header.writeUInt16LE(time, 12);
    header.writeUInt16LE(date, 14);
    header.writeUInt32LE(crc, 16);
    header.writeUInt32LE(compressed, 20);
    header.writeUInt32LE(size, 24);
    header.writeUInt16LE(name.length, 28);
    header.writeUInt32LE(start, 42);
    central.push(header, name);
  }

  void (async () => {
    for (const entry of entries) await writeEntry(entry);
    const directory = Buffer.concat(central);
    const directoryStart = offset;
    await write(directory);
    const end = Buffer.alloc(22);
    end.writeUInt32LE(0x06054b50, 0);
    end.writeUInt16LE(entries.length, 8);
    end.writeUInt16LE(entries.length, 10);
    end.writeUInt32LE(directory.length, 12);
    end.writeUInt32LE(directoryStart, 16);
    await write(end);
    out.end();
  })().catch((error: unknown) =>
    out.destroy(error instanceof Error ? error : new Error(String(error))),
  );
  return out;
}

import { spawn } from "node:child_process";

export interface CompressVideoOptions {
  ffmpegPath: string;
  inputPath: string;
  outputPath: string;
  /** Called with 0-99 while ffmpeg works (100 is for the caller, once the file is kept). */
  onProgress(percent: number): void;
  /** Kills ffmpeg (the worker is shutting down). */
  signal?: AbortSignal | undefined;
}

/** Why a compression failed, in words an owner (and an operator) can act on. */
export class FfmpegError extends Error {
  constructor(message: string) {
    super(message);
    this.name = "FfmpegError";
  }
}

/** The longest side of a compressed video (1080p landscape or portrait). */
export const MAX_VIDEO_SIDE = 1920;

/**
 * The arguments of one compression: H.264 (CRF 26, yuv420p, both sides even, at most
 * MAX_VIDEO_SIDE) and AAC 128 kb/s in MP4 with the index at the start (`+faststart`) so
 * browsers play before the whole file arrives; the first video and first audio stream only
 * (no subtitles, no data tracks, no metadata). Progress goes to stdout as key=value lines.
 */
export function compressArguments(inputPath: string, outputPath: string): string[] {
  return [
    "-hide_banner",
    "-nostdin",
    "-y",
    "-i",
    inputPath,
    "-map",
    "0:v:0",
    "-map",
    "0:a:0?",
    "-map_metadata",
    "-1",
    "-vf",
    `scale=w='min(${MAX_VIDEO_SIDE},iw)':h='min(${MAX_VIDEO_SIDE},ih)':force_original_aspect_ratio=decrease:force_divisible_by=2`,
    "-c:v",
    "libx264",
    "-preset",
    "medium",
    "-crf",
    "26",
    "-pix_fmt",
    "yuv420p",
    "-c:a",
    "aac",
    "-b:a",
    "128k",
    "-movflags",
    "+faststart",
    "-progress",
    "pipe:1",
    "-nostats",
    outputPath,
  ];
}

/** `Duration: 00:01:02.50` of ffmpeg's input description, in microseconds. */
export function parseDurationMicros(stderr: string): number | undefined {
  const match = /Duration:\s*(\d+):(\d{2}):(\d{2}(?:\.\d+)?)/.exec(stderr);
  if (!match) return undefined;
  const [, h, m, s] = match;
  const seconds = Number(h) * 3600 + Number(m) * 60 + Number(s);
  return seconds > 0 ? Math.round(seconds * 1_000_000) : undefined;
}

/**
 * Reads `-progress pipe:1` output: blocks of `key=value` lines, each ending with
 * `progress=continue|end`. Returns the percentage of `duration` done (0-99) for each
 * `out_time_us` (or `out_time_ms`, which ffmpeg also prints in microseconds).
 */
export function progressFromLine(
  line: string,
  durationMicros: number | undefined,
): number | undefined {
  const match = /^out_time_(?:us|ms)=(\d+)$/.exec(line.trim());
  if (!match || !durationMicros) return undefined;
  const percent = Math.floor((Number(match[1]) / durationMicros) * 100);
  return Math.max(0, Math.min(99, percent));
}

/**
 * Runs the system ffmpeg on `inputPath`. Resolves when it exits 0 with the output written;
 * rejects with a FfmpegError saying why otherwise (not installed, not a video, a crash).
 */
export function compressVideo(options: CompressVideoOptions): Promise<void> {
  const { ffmpegPath, inputPath, outputPath, onProgress, signal } = options;
  return new Promise((resolve, reject) => {
    const child = spawn(ffmpegPath, compressArguments(inputPath, outputPath), {
      stdio: ["ignore", "pipe", "pipe"],
      signal,
    });
    let stderr = "";
    let duration: number | undefined;
    let pending = "";
    let lastPercent = -1;
    child.stderr.setEncoding("utf8");
    child.stderr.on("data", (chunk: string) => {
      // Keep the head (the input description) and the tail (the error), never everything.
      stderr =
        stderr.length < 64_000
          ? stderr + chunk
          : stderr.slice(0, 32_000) + stderr.slice(-32_000) + chunk;
      duration ??= parseDurationMicros(stderr);
    });
    child.stdout.setEncoding("utf8");
    child.stdout.on("data", (chunk: string) => {
      pending += chunk;
      const lines = pending.split("\n");
      pending = lines.pop() ?? "";
      for (const line of lines) {
        const percent = progressFromLine(line, duration);
        if (percent !== undefined && percent > lastPercent) {
          lastPercent = percent;
          onProgress(percent);
        }
      }
    });
    child.on("error", (error: NodeJS.ErrnoException) => {
      if (error.code === "ENOENT") {
        reject(
          new FfmpegError(
            `ffmpeg was not found (FFMPEG_PATH=${ffmpegPath}); install ffmpeg to compress videos — the original file is kept and served`,
          ),
        );
      } else if (error.name === "AbortError") {
        reject(
          new FfmpegError("compression was interrupted (the worker stopped); it will be retried"),
        );
      } else {
        reject(new FfmpegError(`ffmpeg could not run: ${error.message}`));
      }
    });
    child.on("close", (code, killedBy) => {
      if (code === 0) return resolve();
      const tail = stderr.trim().split("\n").slice(-3).join(" ").slice(-500);
      reject(
        new FfmpegError(
          `ffmpeg failed (${killedBy ? `signal ${killedBy}` : `exit code ${code}`}): ${tail || "no output"}`,
        ),
      );
    });
  });
}

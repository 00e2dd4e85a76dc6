import { describe, expect, it } from "vitest";
import { compressArguments, parseDurationMicros, progressFromLine } from "./ffmpeg";

describe("ffmpeg progress", () => {
  it("reads the input's duration from ffmpeg's description", () => {
    const stderr =
      "Input #0, mov,mp4,m4a,3gp,3g2,mj2, from 'in.mov':\n  Duration: 00:01:02.50, start: 0.000000, bitrate: 1 kb/s";
    expect(parseDurationMicros(stderr)).toBe(62_500_000);
    expect(parseDurationMicros("Duration: N/A, bitrate: N/A")).toBeUndefined();
  });

  it("turns -progress pipe:1 lines into 0-99 percent of the duration", () => {
    const duration = 2_000_000;
    expect(progressFromLine("out_time_us=500000", duration)).toBe(25);
    expect(progressFromLine("out_time_ms=1000000", duration)).toBe(50);
    expect(progressFromLine("out_time_us=2000000", duration)).toBe(99);
    expect(progressFromLine("out_time_us=9000000", duration)).toBe(99);
    expect(progressFromLine("frame=12", duration)).toBeUndefined();
    expect(progressFromLine("progress=continue", duration)).toBeUndefined();
    expect(progressFromLine("out_time_us=500000", undefined)).toBeUndefined();
  });

  it("asks for H.264/AAC in MP4 with faststart and progress on stdout", () => {
    const args = compressArguments("in.mov", "out.mp4").join(" ");
    expect(args).toContain("-c:v libx264");
    expect(args).toContain("-c:a aac");
    expect(args).toContain("-movflags +faststart");
    expect(args).toContain("-progress pipe:1");
    expect(args.endsWith("out.mp4")).toBe(true);
  });
});

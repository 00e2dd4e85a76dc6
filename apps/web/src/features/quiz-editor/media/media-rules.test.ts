import { describe, expect, it } from "vitest";
import { fileProblem, isVideoPath, MAX_UPLOAD_BYTES, youTubeLinkProblem } from "./media-rules";
import { clearBody, mediaTargets } from "./media-target";
import { latestTaskOf, videoPhaseOf } from "./video-tasks";

const file = (size: number, type: string) => ({ size, type });

describe("the file check before sending", () => {
  it("takes a file of exactly 100 MB and refuses one byte more", () => {
    expect(fileProblem(file(MAX_UPLOAD_BYTES, "image/png"), "image")).toBeNull();
    expect(fileProblem(file(MAX_UPLOAD_BYTES + 1, "image/png"), "image")).toBe("file_too_large");
    expect(fileProblem(file(MAX_UPLOAD_BYTES + 1, "video/mp4"), "image-video")).toBe(
      "file_too_large",
    );
  });

  it("refuses a video where only images go, and files that are neither", () => {
    expect(fileProblem(file(10, "video/mp4"), "image")).toBe("unsupported_media");
    expect(fileProblem(file(10, "video/mp4"), "image-video")).toBeNull();
    expect(fileProblem(file(10, "application/pdf"), "image-video")).toBe("unsupported_media");
  });
});

describe("the video link check", () => {
  it("accepts YouTube addresses and an empty field", () => {
    expect(youTubeLinkProblem("")).toBeNull();
    expect(youTubeLinkProblem("https://www.youtube.com/watch?v=dQw4w9WgXcQ")).toBeNull();
    expect(youTubeLinkProblem("https://youtu.be/dQw4w9WgXcQ")).toBeNull();
  });

  it("refuses other links with Invalid YouTube URL", () => {
    expect(youTubeLinkProblem("https://vimeo.com/123456")).toBe("invalid_youtube_url");
    expect(youTubeLinkProblem("youtube")).toBe("invalid_youtube_url");
  });
});

describe("media slots", () => {
  it("clears a nested field with a nested null", () => {
    expect(clearBody("media")).toEqual({ media: null });
    expect(clearBody(mediaTargets.startPageMedia(3).fieldPath)).toEqual({
      start_page: { media: null },
    });
  });

  it("tells videos from images by the stored extension", () => {
    expect(isVideoPath("/media/ab/0123.mp4")).toBe(true);
    expect(isVideoPath("/media/ab/0123.mov")).toBe(true);
    expect(isVideoPath("/media/ab/0123.webp")).toBe(false);
  });
});

describe("video phases", () => {
  const task = (id: number, status: "queued" | "running" | "done" | "failed", progress = 0) => ({
    id,
    entity: "result" as const,
    entity_id: 7,
    field: "media",
    status,
    progress,
    error: status === "failed" ? "not a video" : null,
  });

  it("goes from the queue through compression and optimisation to ready", () => {
    expect(videoPhaseOf(task(1, "queued")).phase).toBe("queued");
    expect(videoPhaseOf(task(1, "running", 40))).toEqual({ phase: "compressing", progress: 40 });
    expect(videoPhaseOf(task(1, "running", 99)).phase).toBe("optimising");
    expect(videoPhaseOf(task(1, "done", 100)).phase).toBe("ready");
    expect(videoPhaseOf(task(1, "failed"))).toMatchObject({
      phase: "failed",
      error: "not a video",
    });
  });

  it("follows the latest task of the slot only", () => {
    const target = mediaTargets.resultMedia(7);
    const other = { ...task(9, "running"), entity_id: 8 };
    expect(latestTaskOf([task(1, "done"), task(4, "running"), other], target)?.id).toBe(4);
    expect(latestTaskOf([other], target)).toBeUndefined();
  });
});

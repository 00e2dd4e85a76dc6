/**
 * The media module's public face: the media service, media paths and the upload temp
 * folder, and the video task store the compression job (jobs/video-compress.ts) works
 * through.
 */
export {
  claimVideoTask,
  finishVideoTask,
  insertStoredFile,
  queuedVideoTaskIds,
  quizOwnerId,
  requeueVideoTask,
  setVideoTaskProgress,
  writeField,
} from "./media.repository";
export { createMediaService, type MediaService } from "./media.service";
export { mediaPathOf } from "./media-paths";
export { scheduleMediaSweep } from "./media-sweep";
export { mediaFileFieldsOf } from "./media-targets";
export { type ProfileFileRule, sniffProfileFileType } from "./media-types";
export { coerceTextFields } from "./multipart-fields";
export { receiveUpload, type StoredUpload, tempDir } from "./receive-upload";

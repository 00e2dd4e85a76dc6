import type { EndpointBody, endpoints } from "@leadquiz/contract";
import type { ApiClient } from "@/shared/api/api-client";

/** The update operations of the records the editor patches field by field (and media slots). */
export type RecordUpdate =
  | typeof endpoints.updateQuiz
  | typeof endpoints.updateQuestion
  | typeof endpoints.updateAnswer
  | typeof endpoints.updateResult
  | typeof endpoints.updateAddition
  | typeof endpoints.updateFormField
  | typeof endpoints.updateQuizConfig;

/**
 * Where an editor's PATCH goes: the record's update operation and its id, or a function
 * answering the id when each write is sent (an undo may have created the record again under
 * a new id).
 */
export interface RecordAddress {
  endpoint: RecordUpdate;
  id: number | (() => number);
}

/**
 * `PATCH` of one record through its operation of the endpoint table. The body is a merge
 * patch the editor builds from the record's own keys and their values before (an undo), or
 * a media slot's multipart file: its keys are those of the endpoint's body, which the
 * generic edits cannot spell in types, so it is passed on as the operation's body.
 */
export function patchRecord(
  api: ApiClient,
  { endpoint, id }: RecordAddress,
  body: Record<string, unknown> | FormData,
  onUploadProgress?: (sent: number, total: number) => void,
): Promise<unknown> {
  return api.call(endpoint, {
    params: { id: typeof id === "number" ? id : id() },
    body: body as EndpointBody<RecordUpdate> | FormData,
    onUploadProgress,
  });
}

import { endpoints } from "@leadquiz/contract";
import { afterEach, describe, expect, it, vi } from "vitest";
import { testQuiz } from "@/test/quiz-fixtures";
import { createSessionStore } from "../session/session-store";
import { createApiClient } from "./api-client";
import { ApiError } from "./api-error";

/** A browser XMLHttpRequest stand-in: reports two progress steps, then answers `reply`. */
function stubXhr(reply: { status: number; body: string }) {
  const sent: { method: string; url: string; headers: Record<string, string>; body: unknown }[] =
    [];
  class FakeXhr {
    method = "";
    url = "";
    headers: Record<string, string> = {};
    status = 0;
    responseText = "";
    upload: { onprogress: ((event: ProgressEvent) => void) | null } = { onprogress: null };
    onload: (() => void) | null = null;
    onerror: (() => void) | null = null;
    onabort: (() => void) | null = null;
    open(method: string, url: string) {
      this.method = method;
      this.url = url;
    }
    setRequestHeader(name: string, value: string) {
      this.headers[name.toLowerCase()] = value;
    }
    send(body: unknown) {
      sent.push({ method: this.method, url: this.url, headers: this.headers, body });
      for (const loaded of [50, 100]) {
        this.upload.onprogress?.({ lengthComputable: true, loaded, total: 100 } as ProgressEvent);
      }
      this.status = reply.status;
      this.responseText = reply.body;
      this.onload?.();
    }
    abort() {
      this.onabort?.();
    }
  }
  vi.stubGlobal("XMLHttpRequest", FakeXhr);
  return sent;
}

async function client() {
  // A token that never expires for this test (exp far ahead).
  const payload = btoa(JSON.stringify({ sub: "1", exp: 4_102_444_800 })).replace(/=+$/, "");
  const session = createSessionStore({
    restore: async () => session.set({ access: `h.${payload}.s` }),
  });
  await session.load();
  return createApiClient({ baseUrl: "http://api.test/api/v1", session, getLanguage: () => "ru" });
}

describe("an upload with progress", () => {
  afterEach(() => vi.unstubAllGlobals());

  it("reports the bytes sent and answers like any call, with the token and the language", async () => {
    const quiz = testQuiz({ id: 3 });
    const sent = stubXhr({ status: 200, body: JSON.stringify(quiz) });
    const api = await client();
    const body = new FormData();
    body.append("media", new Blob(["x"], { type: "image/png" }), "a.png");
    const progress: number[] = [];
    const answer = await api.call(endpoints.updateQuiz, {
      params: { id: 3 },
      body,
      onUploadProgress: (loaded, total) => progress.push(loaded / total),
    });
    expect(answer).toEqual(quiz);
    expect(progress).toEqual([0.5, 1]);
    expect(sent[0]).toMatchObject({ method: "PATCH", url: "http://api.test/api/v1/quiz/3/" });
    expect(sent[0]?.headers.authorization).toMatch(/^Bearer h\./);
    expect(sent[0]?.headers["accept-language"]).toBe("ru");
    expect(sent[0]?.headers["content-type"]).toBeUndefined();
    expect(sent[0]?.body).toBe(body);
  });

  it("throws the server's refusal as an ApiError", async () => {
    stubXhr({
      status: 413,
      body: JSON.stringify({ detail: "maximum 100 MB", code: "file_too_large" }),
    });
    const api = await client();
    const body = new FormData();
    body.append("media", new Blob(["x"]), "a.png");
    const error = await api
      .call(endpoints.updateQuiz, { params: { id: 3 }, body, onUploadProgress: () => {} })
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).status).toBe(413);
    expect((error as ApiError).code).toBe("file_too_large");
  });
});

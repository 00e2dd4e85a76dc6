import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  createMediaHarness,
  type MediaHarness,
  type MediaUser,
} from "../../test-support/media-fixtures";

/**
 * The file parts of multipart PATCH calls are named: in the OpenAPI document, and in the
 * error that a wrong part name gets (api.md "Media").
 */
let h: MediaHarness;
let owner: MediaUser;
let quizId: number;
let questionId: number;

beforeAll(async () => {
  h = await createMediaHarness();
  owner = await h.signUp();
  const project = await h.call("POST", "/project/", { user: owner, body: { title: "P" } });
  const quiz = await h.call("POST", "/quiz/", {
    user: owner,
    body: { project: project.json().id },
  });
  quizId = quiz.json().id;
  const question = await h.call("POST", "/question/", {
    user: owner,
    body: { quiz: quizId, type: 1, title: "Before" },
  });
  questionId = question.json().id;
});
afterAll(async () => h.close());

const png = () =>
  sharp({ create: { width: 8, height: 8, channels: 3, background: { r: 1, g: 2, b: 3 } } })
    .png()
    .toBuffer();

describe("file parts of multipart PATCH calls", () => {
  it("answers a wrong part name with the names it takes, translated, and changes nothing", async () => {
    const data = await png();
    const wrong = await h.upload(`/quiz/${quizId}/`, owner, [
      { name: "title", value: "Changed" },
      { name: "image", filename: "a.png", contentType: "image/png", data },
    ]);
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json()).toEqual({
      image: ["This request takes files only in media, background_image"],
    });
    const ru = await h.upload(
      `/question/${questionId}/`,
      owner,
      [{ name: "file", filename: "a.png", contentType: "image/png", data }],
      "ru",
    );
    expect(ru.statusCode).toBe(400);
    expect(ru.json()).toEqual({ file: ["Этот запрос принимает файлы только в полях media"] });
    const twice = await h.upload(`/question/${questionId}/`, owner, [
      { name: "media", filename: "a.png", contentType: "image/png", data },
      { name: "media", filename: "b.png", contentType: "image/png", data },
    ]);
    expect(twice.statusCode).toBe(400);
    expect(twice.json()).toEqual({ media: ["Send one file per field (media)"] });

    const quiz = await h.call("GET", `/quiz/${quizId}/`, { user: owner });
    expect(quiz.json().title).not.toBe("Changed");
  });

  it("names each call's file parts in the OpenAPI document", async () => {
    const doc = (await h.t.app.inject({ method: "GET", url: "/api/docs/json" })).json() as {
      paths: Record<
        string,
        Record<
          string,
          { requestBody?: { content?: Record<string, { schema?: { properties?: object } }> } }
        >
      >;
    };
    const multipartFields = (path: string) => {
      const entry = Object.entries(doc.paths).find(
        ([key, item]) => key.replace(/\/$/, "") === path && item.patch,
      );
      const schema = entry?.[1].patch?.requestBody?.content?.["multipart/form-data"]?.schema;
      return Object.entries(schema?.properties ?? {})
        .filter(([, property]) => (property as { format?: string }).format === "binary")
        .map(([name]) => name);
    };
    expect(multipartFields("/api/v1/quiz/{id}")).toEqual(["media", "background_image"]);
    expect(multipartFields("/api/v1/question/{id}")).toEqual(["media"]);
    expect(multipartFields("/api/v1/answer/{id}")).toEqual(["image"]);
    expect(multipartFields("/api/v1/config/quiz/{id}")).toEqual(["media", "image", "logo"]);
    // The JSON fields stay documented as text parts.
    const quizPatch = Object.entries(doc.paths).find(
      ([key, item]) => key.replace(/\/$/, "") === "/api/v1/quiz/{id}" && item.patch,
    )?.[1].patch;
    const properties = quizPatch?.requestBody?.content?.["multipart/form-data"]?.schema?.properties;
    expect(Object.keys(properties ?? {})).toContain("title");
  });
});

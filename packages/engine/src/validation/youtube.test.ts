import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { extractYouTubeVideoId, validateYouTubeUrl } from "./youtube";

const ID = "dQw4w9WgXcQ";

describe("extractYouTubeVideoId / validateYouTubeUrl", () => {
  it.each([
    `https://www.youtube.com/watch?v=${ID}`,
    `https://youtube.com/watch?v=${ID}`,
    `http://youtube.com/watch?v=${ID}`,
    `https://m.youtube.com/watch?v=${ID}`,
    `https://www.youtube.com/watch?v=${ID}&t=42s`,
    `https://www.youtube.com/watch?feature=share&v=${ID}`,
    `https://www.youtube.com/watch/?v=${ID}#comments`,
    `https://youtu.be/${ID}`,
    `http://youtu.be/${ID}?t=10`,
    `https://youtu.be/${ID}/`,
    `https://www.youtube.com/embed/${ID}`,
    `https://www.youtube.com/embed/${ID}?autoplay=1`,
    `https://youtube.com/shorts/${ID}`,
    `https://m.youtube.com/shorts/${ID}?feature=share`,
    `HTTPS://WWW.YOUTUBE.COM/watch?v=${ID}`,
    `  https://youtu.be/${ID}  `,
  ])("accepts %s", (url) => {
    expect(extractYouTubeVideoId(url)).toBe(ID);
    expect(validateYouTubeUrl(url)).toBeNull();
  });

  it("keeps the id's case and its - and _ characters", () => {
    expect(extractYouTubeVideoId("https://youtu.be/a-B_c1D2e3F")).toBe("a-B_c1D2e3F");
  });

  it.each([
    // other and lookalike hosts
    `https://vimeo.com/${ID}`,
    `https://youtube.com.evil.com/watch?v=${ID}`,
    `https://evil.com/youtube.com/watch?v=${ID}`,
    `https://evilyoutube.com/watch?v=${ID}`,
    `https://youtube.co/watch?v=${ID}`,
    `https://music.youtube.com/watch?v=${ID}`,
    `https://www.youtu.be/${ID}`,
    `https://youtu.be.evil.com/${ID}`,
    `https://youtube.com@evil.com/watch?v=${ID}`,
    `https://evil.com\\@youtube.com/watch?v=${ID}`,
    `https://youtube.com:8080/watch?v=${ID}`,
    // schemes
    `javascript:alert(1)//youtube.com/watch?v=${ID}`,
    `javascript://youtube.com/watch?v=${ID}`,
    `ftp://youtube.com/watch?v=${ID}`,
    `//youtube.com/watch?v=${ID}`,
    `youtube.com/watch?v=${ID}`,
    `www.youtube.com/watch?v=${ID}`,
    `data:text/html,https://youtu.be/${ID}`,
    // paths and ids
    "https://www.youtube.com/watch?v=",
    "https://www.youtube.com/watch?v=short",
    `https://www.youtube.com/watch?v=${ID}x`,
    `https://www.youtube.com/watch?vv=${ID}`,
    `https://www.youtube.com/watch?list=PL123&index=2`,
    `https://www.youtube.com/?v=${ID}`,
    `https://www.youtube.com/embed/${ID}/extra`,
    `https://www.youtube.com/shorts/`,
    `https://www.youtube.com/channel/${ID}`,
    `https://www.youtube.com/${ID}`,
    `https://youtu.be/watch?v=${ID}`,
    `https://youtu.be/`,
    `https://youtu.be/${ID}<script>`,
    `https://youtu.be/${ID} onclick=alert(1)`,
    "not a url",
  ])("rejects %s", (url) => {
    expect(extractYouTubeVideoId(url)).toBeNull();
    expect(validateYouTubeUrl(url)).toBe("invalid_youtube_url");
  });

  it("requires a value", () => {
    expect(validateYouTubeUrl("")).toBe("required");
    expect(validateYouTubeUrl("  ")).toBe("required");
    expect(extractYouTubeVideoId("")).toBeNull();
  });

  const idArbitrary = fc.stringMatching(/^[A-Za-z0-9_-]{11}$/);

  it("extracts any valid id from every accepted form", () => {
    fc.assert(
      fc.property(
        idArbitrary,
        fc.constantFrom("http", "https"),
        fc.constantFrom("youtube.com", "www.youtube.com", "m.youtube.com"),
        fc.constantFrom("watch?v=", "embed/", "shorts/"),
        (id, scheme, host, form) => {
          expect(extractYouTubeVideoId(`${scheme}://${host}/${form}${id}`)).toBe(id);
          expect(extractYouTubeVideoId(`${scheme}://youtu.be/${id}`)).toBe(id);
        },
      ),
    );
  });

  it("rejects any host that is not a YouTube one", () => {
    fc.assert(
      fc.property(idArbitrary, fc.domain(), (id, host) => {
        fc.pre(!["youtube.com", "www.youtube.com", "m.youtube.com", "youtu.be"].includes(host));
        expect(extractYouTubeVideoId(`https://${host}/watch?v=${id}`)).toBeNull();
        expect(extractYouTubeVideoId(`https://${host}/${id}`)).toBeNull();
      }),
    );
  });

  it("returns either null or an 11-character id for any string", () => {
    fc.assert(
      fc.property(fc.string(), (value) => {
        const id = extractYouTubeVideoId(value);
        if (id !== null) expect(id).toMatch(/^[A-Za-z0-9_-]{11}$/);
      }),
    );
  });
});

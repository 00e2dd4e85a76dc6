import { afterEach, describe, expect, it } from "vitest";
import { parseOptions } from "./options";
import { place, reset } from "./test-support";
import { uiOptions } from "./ui-options";

afterEach(reset);

/** The options `embed-ui.js` sees: the loader's, completed with the look. */
function parseUi(node: HTMLElement) {
  const o = parseOptions(node);
  return o && uiOptions(o);
}

describe("parseOptions", () => {
  it("needs a public key", () => {
    expect(parseOptions(place({ mode: "popup" }))).toBeNull();
    expect(parseOptions(place({ leadquiz: "  " }))).toBeNull();
  });

  it("defaults a script tag to popup and a container to inline", () => {
    expect(parseOptions(place({ leadquiz: "k1" }, "script"))?.mode).toBe("popup");
    expect(parseOptions(place({ leadquiz: "k1" }))?.mode).toBe("inline");
    expect(parseOptions(place({ leadquiz: "k1", mode: "bogus" }))?.mode).toBe("inline");
  });

  it("reads the popup's opening rules", () => {
    const o = parseUi(
      place({
        leadquiz: "k1",
        mode: "popup",
        open: "auto",
        delay: "5",
        "exit-intent": "true",
        scroll: "150",
        "button-id": "cta",
        frequency: "once",
        "hide-on-mobile": "true",
        title: "Pick a sofa",
      }),
    );
    expect(o).toMatchObject({
      key: "k1",
      open: "auto",
      delay: 5,
      exitIntent: true,
      scroll: 100,
      buttonId: "cta",
      frequency: "once",
      hideOnMobile: true,
      title: "Pick a sofa",
    });
  });

  it("falls back on bad numbers and unknown values", () => {
    const o = parseUi(
      place({ leadquiz: "k1", mode: "popup", delay: "-3", scroll: "x", frequency: "daily" }),
    );
    expect(o).toMatchObject({ delay: null, scroll: 0, frequency: "always", open: "auto" });
    expect(o?.exitIntent).toBe(false);
    expect(parseUi(place({ leadquiz: "k1", mode: "popup", "exit-intent": "false" }))).toMatchObject(
      { exitIntent: false, title: "Quiz", closeLabel: "Close" },
    );
  });

  it("reads the banner", () => {
    const o = parseUi(
      place({
        leadquiz: "k2",
        mode: "banner",
        text: "Get a quote",
        "additional-text": "2 minutes",
        background: "#112233",
        color: "#fff",
        position: "top",
      }),
    );
    expect(o).toMatchObject({
      mode: "banner",
      text: "Get a quote",
      additionalText: "2 minutes",
      background: "#112233",
      color: "#fff",
      position: "top",
      open: "button",
    });
    expect(parseUi(place({ leadquiz: "k2", mode: "banner" }))?.position).toBe("bottom");
  });

  it("reads the trigger", () => {
    const o = parseUi(
      place({
        leadquiz: "k3",
        mode: "trigger",
        format: "manager",
        position: "bottom-left",
        "manager-name": "Anna",
        photo: "https://cdn.example/anna.jpg",
        message: "Hi! Two questions?",
        "play-on-hover": "false",
        "open-on-click": "false",
        video: "https://youtu.be/dQw4w9WgXcQ",
        icon: "https://cdn.example/i.svg",
      }),
    );
    expect(o).toMatchObject({
      format: "manager",
      position: "left",
      managerName: "Anna",
      photo: "https://cdn.example/anna.jpg",
      message: "Hi! Two questions?",
      playOnHover: false,
      openOnClick: false,
      video: "https://youtu.be/dQw4w9WgXcQ",
      icon: "https://cdn.example/i.svg",
    });
    expect(parseUi(place({ leadquiz: "k3", mode: "trigger" }))).toMatchObject({
      format: "icon",
      position: "right",
      playOnHover: true,
      openOnClick: true,
    });
  });

  it("reads inline and chat", () => {
    expect(parseUi(place({ leadquiz: "k4", "min-height": "640", text: "Start" }))).toMatchObject({
      mode: "inline",
      minHeight: 640,
      text: "Start",
    });
    expect(parseUi(place({ leadquiz: "k4" }))?.minHeight).toBe(500);
    expect(
      parseUi(place({ leadquiz: "k5", mode: "chat", position: "left", text: "Ask us" })),
    ).toMatchObject({ mode: "chat", position: "left", text: "Ask us" });
  });
});

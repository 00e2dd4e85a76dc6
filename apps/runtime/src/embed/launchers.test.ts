import { afterEach, describe, expect, it } from "vitest";
import { dialogs, flush, isShown, loader, mockMobile, place, reset } from "./test-support";

afterEach(reset);

function launcher(mode: string): ShadowRoot {
  const root = document.querySelector(`[data-leadquiz-ui="${mode}"]`)?.shadowRoot;
  if (!root) throw new Error(`no ${mode} launcher`);
  return root;
}

describe("launchers", () => {
  it("shows the banner, opens the quiz from it and can be dismissed", async () => {
    place({
      leadquiz: "l-banner",
      mode: "banner",
      text: "Get a quote",
      "additional-text": "in 2 minutes",
      background: "#123456",
      position: "top",
    });
    loader().scan();
    await flush();
    const root = launcher("banner");
    expect((root.host as HTMLElement).style.getPropertyValue("--lq-bg")).toBe("#123456");
    expect(root.querySelector(".b")?.className).toBe("b top");
    const main = root.querySelector<HTMLButtonElement>(".bt");
    expect(main?.textContent).toBe("Get a quotein 2 minutes");
    main?.click();
    await flush();
    expect(isShown(dialogs()[0])).toBe(true);
    expect(dialogs()[0]?.querySelector("iframe")?.src).toContain("mode=banner");
    root.querySelector<HTMLButtonElement>(".bx")?.click();
    expect(root.querySelector(".b")).toBeNull();
  });

  it("shows the manager trigger with photo, name and message", async () => {
    place({
      leadquiz: "l-trig",
      mode: "trigger",
      format: "manager",
      position: "left",
      "manager-name": "Anna",
      message: "Two questions?",
      photo: "https://cdn.example/anna.jpg",
    });
    loader().scan();
    await flush();
    const root = launcher("trigger");
    expect(root.querySelector(".t")?.className).toBe("t l manager");
    expect(root.querySelector(".m")?.textContent).toBe("AnnaTwo questions?");
    expect(root.querySelector<HTMLImageElement>(".tb img")?.src).toBe(
      "https://cdn.example/anna.jpg",
    );
    root.querySelector<HTMLButtonElement>(".tb")?.click();
    await flush();
    expect(dialogs()[0]?.querySelector("iframe")?.src).toContain("mode=trigger");
  });

  it("plays a YouTube trigger video on hover, and shows the message first without open-on-click", async () => {
    place({
      leadquiz: "l-video",
      mode: "trigger",
      format: "video",
      video: "https://www.youtube.com/watch?v=dQw4w9WgXcQ",
      text: "Watch",
      "open-on-click": "false",
    });
    loader().scan();
    await flush();
    const root = launcher("trigger");
    const b = root.querySelector<HTMLButtonElement>(".tb");
    expect(b?.querySelector("img")?.src).toContain("/vi/dQw4w9WgXcQ/");
    b?.dispatchEvent(new MouseEvent("mouseenter"));
    expect(b?.querySelector("iframe")?.src).toContain("youtube-nocookie.com/embed/dQw4w9WgXcQ");
    const bubble = root.querySelector<HTMLElement>(".m");
    expect(bubble?.style.display).toBe("none");
    b?.click();
    await flush();
    expect(bubble?.style.display).toBe("");
    expect(dialogs()).toHaveLength(0);
    bubble?.click();
    await flush();
    expect(isShown(dialogs()[0])).toBe(true);
  });

  it("toggles the chat panel, which is not modal", async () => {
    place({ leadquiz: "l-chat", mode: "chat", text: "Ask us", position: "left" });
    loader().scan();
    await flush();
    const b = launcher("chat").querySelector<HTMLButtonElement>(".c");
    expect(b?.textContent).toBe("Ask us");
    b?.click();
    await flush();
    const panel = dialogs()[0];
    expect(panel?.className).toBe("p l");
    expect(panel?.querySelector("[role=dialog]")?.hasAttribute("aria-modal")).toBe(false);
    expect(panel?.querySelector("iframe")?.src).toContain("mode=chat");
    b?.click();
    expect(isShown(panel)).toBe(false);
  });

  it("shows no launcher on a phone when hidden on mobile", async () => {
    mockMobile(true);
    place({ leadquiz: "l-off", mode: "trigger", "hide-on-mobile": "true" });
    loader().scan();
    await flush();
    expect(document.querySelector("[data-leadquiz-ui]")).toBeNull();
  });
});

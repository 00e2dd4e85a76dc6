import type { Profile } from "@leadquiz/contract";
import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import { jsonResponse, renderApp, testOwner as user } from "../../../test/render-app";
import { session, testProfile } from "./test-profile";

const stored = testProfile({});
const VISITOR_URL = "http://127.0.0.1:3000";

function renderProfile(patch: (request: Request) => Promise<Response> | Response) {
  return renderApp({
    url: "/courses/profile",
    session,
    handler: (request, path) => {
      if (path === "/userinfo/") return jsonResponse(200, [user]);
      if (path === "/key_value/") return jsonResponse(200, { visitor_url: VISITOR_URL });
      if (path === "/profile/" && request.method === "GET") return jsonResponse(200, stored);
      if (path === "/profile/" && request.method === "PATCH") return patch(request);
      return undefined;
    },
  });
}

function photoInput(): HTMLInputElement {
  const input = screen
    .getByTestId("profile-photo-section")
    .querySelector<HTMLInputElement>('input[type="file"]');
  if (!input) throw new Error("no file input in the photo section");
  return input;
}

/** A picture of `megabytes` MB (the size is what the page checks). */
function picture(megabytes: number): File {
  const file = new File(["png"], "me.png", { type: "image/png" });
  Object.defineProperty(file, "size", { value: megabytes * 1024 * 1024 });
  return file;
}

describe("the specialist profile page", { timeout: 40_000 }, () => {
  it("shows the public page's address with a copy button once the profile is made public", async () => {
    const { requests } = await renderProfile(async (request) =>
      jsonResponse(200, { ...stored, ...((await request.json()) as Partial<Profile>) }),
    );
    expect(await screen.findByText(/Only you see your profile now/)).toBeTruthy();
    expect(screen.queryByTestId("profile-public-link")).toBeNull();

    await userEvent.click(screen.getByRole("switch", { name: "Make my profile public" }));
    const link = await screen.findByTestId("profile-public-url");
    // On the visitor origin the server names, never this app's (docs/adr/0016-visitor-origin.md).
    expect(link.getAttribute("href")).toBe(`${VISITOR_URL}/u/anna-kovalenko`);
    expect(link.getAttribute("target")).toBe("_blank");
    expect(
      within(screen.getByTestId("profile-public-link")).getByRole("button", { name: "Copy link" }),
    ).toBeTruthy();
    expect(requests.find((r) => r.method === "PATCH")?.body).toEqual({ is_public: true });
  });

  it("refuses a 20 MB photo before sending it and says why at the photo", async () => {
    const { requests } = await renderProfile(() => jsonResponse(200, stored));
    await screen.findByTestId("profile-avatar");
    await userEvent.upload(photoInput(), picture(20));
    expect((await screen.findByTestId("avatar-error")).textContent).toBe(
      "The photo is larger than 5 MB. Choose a smaller file.",
    );
    expect(requests.some((r) => r.method === "PATCH")).toBe(false);
  });

  it("uploads a photo as a file part and shows the server's refusal at the photo", async () => {
    const { requests } = await renderProfile(() =>
      jsonResponse(400, { avatar: ["Unsupported file type."] }),
    );
    await screen.findByTestId("profile-avatar");
    await userEvent.upload(photoInput(), picture(1));
    expect((await screen.findByTestId("avatar-error")).textContent).toBe("Unsupported file type.");
    const sent = requests.find((r) => r.method === "PATCH")?.body as FormData | undefined;
    // A multipart body with the picture as its `avatar` part.
    expect((sent?.get("avatar") as Blob | null)?.type).toBe("image/png");
    // Nothing was stored: still no photo.
    expect(screen.getByTestId("profile-avatar").getAttribute("data-stored")).toBe("no");
  });

  it("saves the texts and puts the server's messages under their fields", async () => {
    const { requests } = await renderProfile(() =>
      jsonResponse(400, { city: ["The value is too long"] }),
    );
    const speciality = await screen.findByRole("textbox", { name: "Speciality" });
    await userEvent.clear(speciality);
    await userEvent.type(speciality, "Targeting specialist");
    await userEvent.click(screen.getByRole("button", { name: "Save the profile" }));
    await waitFor(() =>
      expect(screen.getByTestId("profile-form").textContent).toContain("The value is too long"),
    );
    expect(requests.find((r) => r.method === "PATCH")?.body).toMatchObject({
      first_name: "Anna",
      speciality: "Targeting specialist",
      country: "UA",
      city: "Kyiv",
      experience_years: 4,
      languages: ["uk", "en"],
    });
  });
});

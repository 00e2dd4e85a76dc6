import type { Profile, RatingEntry, RatingPage } from "@leadquiz/contract";
import { screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import { jsonResponse, renderApp, testOwner as user } from "../../../test/render-app";
import { session, testProfile } from "./test-profile";

const profile = testProfile({ country: null, city: "", is_public: true, score: 40 });

const entry = (position: number, slug: string, score: number): RatingEntry => ({
  position,
  slug,
  name: slug,
  city: "Kyiv",
  country: "UA",
  speciality: "Quiz marketer",
  avatar: null,
  score,
});

const own = entry(23, "anna-kovalenko", 40);

function ratingPage(cursor: string | null, ranked: boolean): RatingPage {
  const start = cursor ? Number(cursor) : 0;
  const results = Array.from({ length: cursor ? 5 : 20 }, (_, index) =>
    start + index + 1 === 23
      ? own
      : entry(start + index + 1, `specialist-${start + index + 1}`, 900 - start - index),
  );
  return {
    scope: "world",
    country: null,
    city: null,
    count: 25,
    next: cursor ? null : "20",
    results,
    own: ranked ? own : null,
  };
}

function renderRating(data: Profile) {
  return renderApp({
    url: "/courses/profile/rating",
    session,
    handler: (request, path) => {
      if (path === "/userinfo/") return jsonResponse(200, [user]);
      if (path === "/profile/") return jsonResponse(200, data);
      if (path === "/rating/") {
        const url = new URL(request.url);
        return jsonResponse(200, ratingPage(url.searchParams.get("cursor"), data.is_public));
      }
      return undefined;
    },
  });
}

describe("the rating page", { timeout: 40_000 }, () => {
  it("shows the owner's place and jumps to the page that holds it, highlighted", async () => {
    const { requests } = await renderRating(profile);
    const mine = await screen.findByTestId("rating-own");
    expect(mine.textContent).toContain("Your place: 23");
    expect(screen.getAllByTestId("rating-entry")).toHaveLength(20);
    expect(screen.getAllByTestId("rating-entry-link")[0]?.getAttribute("href")).toBe(
      "/u/specialist-1",
    );

    await userEvent.click(within(mine).getByRole("button", { name: "Show my place" }));
    const highlighted = await screen.findByRole("listitem", { current: true });
    expect(highlighted.getAttribute("data-own")).toBe("yes");
    expect(within(highlighted).getByText("You")).toBeTruthy();
    expect(requests.some((r) => r.path === "/rating/" && r.method === "GET")).toBe(true);
  });

  it("asks a private profile to go public, and for a country before the country's rating", async () => {
    const { requests } = await renderRating({ ...profile, is_public: false });
    expect(await screen.findByText("You are not ranked yet")).toBeTruthy();
    const before = requests.filter((r) => r.path === "/rating/").length;
    await userEvent.click(screen.getByRole("tab", { name: "Country" }));
    expect((await screen.findByTestId("rating-missing-place")).textContent).toContain(
      "Choose your country in the profile",
    );
    expect(requests.filter((r) => r.path === "/rating/").length).toBe(before);
  });
});

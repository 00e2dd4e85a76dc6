import { describe, expect, it } from "vitest";
import { testI18n } from "@/test/test-i18n";
import { ApiError } from "./api-error";
import { errorMessage } from "./error-message";

describe("errorMessage", () => {
  const t = testI18n("en").t;

  it("translates a known code in the interface language", () => {
    const error = new ApiError(404, { detail: "Не найдено.", code: "not_found" });
    expect(errorMessage(error, t)).toBe("Not found.");
  });

  it("shows the server's detail for a message with values it alone has (the seconds to wait)", () => {
    const detail = "Too many attempts. Try again in 60 seconds.";
    const error = new ApiError(429, { detail, code: "rate_limited" });
    expect(errorMessage(error, t)).toBe(detail);
  });

  it("says what the server refused in a value, when it answers field messages", () => {
    const error = new ApiError(400, { non_field_errors: ["The same condition already exists"] });
    expect(errorMessage(error, t)).toBe("The same condition already exists");
  });
});

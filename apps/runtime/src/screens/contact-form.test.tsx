import { texts as uk } from "@leadquiz/i18n/visitor/uk";
import { screen, waitFor } from "@testing-library/preact";
import { describe, expect, it } from "vitest";
import { branchingQuiz, field, question, quiz } from "../test/fixtures";
import { renderQuiz } from "../test/render";

function toForm(fields = quiz().fields, extra: Parameters<typeof quiz>[0] = {}) {
  const view = renderQuiz(quiz({ questions: [question(1, 4)], fields, ...extra }));
  return view;
}

describe("contact form", () => {
  it("shows errors only after a field is touched", async () => {
    const { user } = toForm([field(1, 3, { required: true })]);
    await user.click(screen.getByRole("button", { name: "Next" }));
    const email = screen.getByLabelText(/^E-mail/);
    expect(screen.queryByText("Required field")).toBeNull();
    await user.type(email, "ann@");
    expect(screen.queryByText("Invalid email")).toBeNull();
    await user.tab();
    expect(screen.getByText("Invalid email")).toBeTruthy();
    expect(email.getAttribute("aria-invalid")).toBe("true");
    await user.type(email, "example.com");
    expect(screen.queryByText("Invalid email")).toBeNull();
  });

  it("checks every field and the consent on submit, focusing the first error", async () => {
    const { user, submit } = toForm([field(1, 1, { required: true }), field(2, 3)]);
    await user.click(screen.getByRole("button", { name: "Next" }));
    await user.click(screen.getByRole("button", { name: "Send" }));
    await waitFor(() => expect(screen.getByText("Required field")).toBeTruthy());
    expect(screen.getByText("Please give your consent to continue")).toBeTruthy();
    expect(document.activeElement).toBe(screen.getByLabelText(/^Name/));
    expect(submit).not.toHaveBeenCalled();
  });

  it("requires the consent, with the privacy policy link", async () => {
    const { user, submit } = toForm([field(1, 1)]);
    await user.click(screen.getByRole("button", { name: "Next" }));
    const link = screen.getByRole("link", { name: "privacy policy" });
    expect(link.getAttribute("href")).toBe("https://example.com/privacy");
    await user.type(screen.getByLabelText(/^Name/), "Ann");
    await user.click(screen.getByRole("button", { name: "Send" }));
    await waitFor(() =>
      expect(screen.getByText("Please give your consent to continue")).toBeTruthy(),
    );
    await user.click(screen.getByRole("checkbox", { name: /I agree/ }));
    await user.click(screen.getByRole("button", { name: "Send" }));
    await waitFor(() => expect(submit).toHaveBeenCalledTimes(1));
  });

  it("formats a valid phone number and rejects an invalid one", async () => {
    const { user } = toForm([field(2, 2, { required: true })]);
    await user.click(screen.getByRole("button", { name: "Next" }));
    const phone = screen.getByLabelText(/^Phone/) as HTMLInputElement;
    await user.type(phone, "+380501234567");
    await user.tab();
    await waitFor(() => expect(phone.value).toBe("+380 50 123 4567"));
    await user.clear(phone);
    await user.type(phone, "+38012");
    await user.tab();
    await waitFor(() => expect(screen.getByText("Invalid phone number")).toBeTruthy());
  });

  it("takes a national number in the quiz language's country, but any +code too", async () => {
    const view = renderQuiz(
      quiz({ language: "uk", questions: [question(1, 4)], fields: [field(2, 2)] }),
      { texts: uk },
    );
    await view.user.click(screen.getByRole("button", { name: "Далі" }));
    const phone = screen.getByLabelText(/^Телефон/) as HTMLInputElement;
    await view.user.type(phone, "0501234567");
    await view.user.tab();
    await waitFor(() => expect(phone.value).toBe("+380 50 123 4567"));
    await view.user.clear(phone);
    await view.user.type(phone, "+48601234567");
    await view.user.tab();
    await waitFor(() => expect(phone.value).toBe("+48 601 234 567"));
  });

  it("sends answers on the path, contacts, messengers and the honeypot", async () => {
    const { user, submit } = renderQuiz(branchingQuiz);
    await user.click(screen.getByRole("button", { name: "Start" }));
    await user.click(screen.getByRole("radio", { name: "Flat" }));
    await user.click(screen.getByRole("button", { name: "Next" }));
    await user.click(screen.getByRole("radio", { name: "4 of 5" }));
    await user.click(screen.getByRole("button", { name: "Next" }));
    await user.click(screen.getByRole("button", { name: "Next" }));
    await user.click(screen.getByRole("button", { name: "Next" }));
    await user.type(screen.getByLabelText(/^Name/), "Ann");
    await user.type(screen.getByLabelText(/^Phone/), "+48601234567");
    await user.click(screen.getByRole("checkbox", { name: "Telegram" }));
    await user.click(screen.getByRole("checkbox", { name: /privacy policy/ }));
    await user.click(screen.getByRole("button", { name: "Send" }));
    await waitFor(() => expect(submit).toHaveBeenCalledTimes(1));
    const submission = submit.mock.calls[0]?.[0];
    expect(submission?.answers).toEqual([
      { question: 1, answers: [12] },
      { question: 3, value: 4 },
    ]);
    expect(submission?.contacts.messengers).toEqual({ telegram: "+48 601 234 567" });
    expect(submission?.version).toBe(1);
    expect(submission?.website).toBe("");
    expect(submission?.submission_id).toMatch(/^[0-9a-f-]{36}$/);
  });
  describe("messengers", () => {
    const withMessengers = () =>
      toForm([field(1, 1), field(2, 2)], {
        contact_form: {
          ...quiz().contact_form,
          messengers: ["telegram", "instagram"],
        },
      });

    it("asks for the handle of a ticked messenger and sends what was typed", async () => {
      const { user, submit } = withMessengers();
      await user.click(screen.getByRole("button", { name: "Next" }));
      await user.type(screen.getByLabelText(/^Phone/), "+48601234567");
      expect(screen.queryByLabelText("Your Telegram username or number")).toBeNull();
      await user.click(screen.getByRole("checkbox", { name: "Telegram" }));
      const handle = screen.getByLabelText("Your Telegram username or number");
      expect(screen.getByText("Leave empty to use the phone number above")).toBeTruthy();
      await user.type(handle, "@ann_k");
      await user.click(screen.getByRole("checkbox", { name: /privacy policy/ }));
      await user.click(screen.getByRole("button", { name: "Send" }));
      await waitFor(() => expect(submit).toHaveBeenCalledTimes(1));
      expect(submit.mock.calls[0]?.[0]?.contacts.messengers).toEqual({ telegram: "@ann_k" });
    });

    it("does not send a messenger that is not phone-based without its handle", async () => {
      const { user, submit } = withMessengers();
      await user.click(screen.getByRole("button", { name: "Next" }));
      await user.type(screen.getByLabelText(/^Phone/), "+48601234567");
      await user.click(screen.getByRole("checkbox", { name: "Instagram" }));
      expect(screen.queryByText("Leave empty to use the phone number above")).toBeNull();
      await user.click(screen.getByRole("checkbox", { name: /privacy policy/ }));
      await user.click(screen.getByRole("button", { name: "Send" }));
      await waitFor(() =>
        expect(screen.getByText("Say how to reach you on Instagram")).toBeTruthy(),
      );
      const handle = screen.getByLabelText("Your Instagram username or number");
      expect(document.activeElement).toBe(handle);
      expect(submit).not.toHaveBeenCalled();
      await user.type(handle, "ann.k");
      await user.click(screen.getByRole("button", { name: "Send" }));
      await waitFor(() => expect(submit).toHaveBeenCalledTimes(1));
      expect(submit.mock.calls[0]?.[0]?.contacts.messengers).toEqual({ instagram: "ann.k" });
    });
  });
});

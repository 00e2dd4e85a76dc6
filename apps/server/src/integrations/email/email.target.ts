import type { PlainServerTarget } from "../target";
import { createEmailAdapter } from "./email.adapter";

/** E-mail (docs/delivery.md "E-mail"): each lead mailed to the owner's addresses. */
export const emailTarget = {
  key: "email",
  createAdapter: ({ mailer }) =>
    createEmailAdapter((message, label) => mailer.sendNow(message, label)),
} satisfies PlainServerTarget<"email">;

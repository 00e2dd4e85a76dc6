import type { Messenger } from "@leadquiz/contract";

/** What the visitor typed into the contact form. */
export interface ContactValues {
  name: string;
  email: string;
  phone: string;
  other: string;
  other2: string;
  /** The messengers the visitor ticked, in the form's order. */
  messengers: readonly Messenger[];
  /** The handle or number typed for a ticked messenger (kept when it is unticked again). */
  messengerHandles: Partial<Record<Messenger, string>>;
  consent: boolean;
  /** The honeypot (stays empty for people). */
  website: string;
}

export const emptyContacts: ContactValues = {
  name: "",
  email: "",
  phone: "",
  other: "",
  other2: "",
  messengers: [],
  messengerHandles: {},
  consent: false,
  website: "",
};

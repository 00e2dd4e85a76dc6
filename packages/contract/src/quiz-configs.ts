import { validateSubdomain } from "@leadquiz/engine";
import { z } from "zod";
import { IconKind } from "./codes";
import {
  colorField,
  descriptionText,
  idSchema,
  mediaClear,
  mediaSchema,
  mergePatchOf,
  nullableLink,
  shortText,
  titleText,
  visitorPageUrl,
  youTubeUrlField,
} from "./quiz-common";

export const displayModeSchema = z.enum(["regular", "button"]);
export const iconKindSchema = z.union([
  z.literal(IconKind.Icon),
  z.literal(IconKind.Video),
  z.literal(IconKind.Consultant),
]);
export const sidePositionSchema = z.enum(["left", "right"]);

/**
 * A landing subdomain (engine rule: 4-50 characters, a-z 0-9 and hyphens, no leading,
 * trailing or double hyphen; lower case only — clients normalise with normalizeSubdomain).
 * Unique across the service (a unique index); null releases it.
 */
export const subdomainField = z.string().superRefine((value, ctx) => {
  const key = validateSubdomain(value);
  if (key) ctx.addIssue({ code: "custom", message: key });
});

/** A custom domain's host name ("quiz.example.com"). */
const HOST = /^(?=.{1,253}$)(?:[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z]{2,63}$/i;
export const domainField = z.string().regex(HOST).meta({ example: "quiz.example.com" });

export const triggerSectionSchema = z.object({
  enabled: z.boolean(),
  format: z.enum(["icon", "video", "manager"]),
  position: sidePositionSchema,
  text: shortText,
  background: colorField,
  text_color: colorField,
  icon: shortText,
  video_url: youTubeUrlField,
  play_on_hover: z.boolean(),
  open_on_click: z.boolean(),
  consultant_name: shortText,
  message_text: descriptionText,
});
export const bannerSectionSchema = z.object({
  enabled: z.boolean(),
  text: titleText,
  additional_text: descriptionText,
  background: colorField,
  text_color: colorField,
});
export const popupSectionSchema = z.object({
  enabled: z.boolean(),
  open: z.enum(["auto", "button"]),
  /** The HTML id of the owner's button that opens the popup. */
  button_id: z.string().max(100),
  delay_seconds: z.int32().min(0).max(86_400),
  /** Automatic opening also when the pointer leaves the window through the top. */
  exit_intent: z.boolean(),
  /** Automatic opening also at this scroll depth in percent; 0 = off. */
  scroll_depth: z.int32().min(0).max(100),
  /** How often the automatic opening may happen: every page view, once a session, once. */
  frequency: z.enum(["always", "session", "once"]),
  /** Under 640 px no automatic opening (the bound button still opens it). */
  hide_on_mobile: z.boolean(),
});
/** `subdomain` lives in its own unique column; `domain` is a custom host name. */
export const landingSectionSchema = z.object({
  enabled: z.boolean(),
  logo: mediaSchema,
  about: descriptionText,
  company_name: shortText,
  site_url: nullableLink,
  phone: z.string().max(64),
  legal_notice: descriptionText,
  domain: domainField.nullable(),
  subdomain: subdomainField.nullable(),
});
export const bodySectionSchema = z.object({
  enabled: z.boolean(),
  button_color: colorField,
  text_color: colorField,
  text: shortText,
});
export const chatSectionSchema = z.object({
  enabled: z.boolean(),
  position: sidePositionSchema,
  button_text: shortText,
  button_color: colorField,
  text_color: colorField,
});

/**
 * The embed snippets of a quiz (docs/embed.md "Config field → data attribute"), built by
 * the server from the config: one HTML snippet per display mode (null when that section
 * is `enabled: false`), the hosted page `link` and the `landing_url` (null without a
 * subdomain), all on the visitor origin (the snippets load `{VISITOR_URL}/embed.js`). Only `GET config/quiz/{quiz id}` includes them.
 */
export const embedSnippetsSchema = z.object({
  popup: z.string().nullable(),
  banner: z.string().nullable(),
  trigger: z.string().nullable(),
  inline: z.string().nullable(),
  chat: z.string().nullable(),
  link: visitorPageUrl,
  landing_url: visitorPageUrl.nullable(),
});
export type EmbedSnippets = z.infer<typeof embedSnippetsSchema>;

/**
 * The publication settings of a quiz (one per quiz). Sections are stored as merged
 * objects: a key may be missing and then takes its default; `landing.subdomain` is
 * always present (null when none).
 */
export const quizConfigSchema = z.object({
  id: z.int32(),
  quiz: z.int32(),
  display_mode: displayModeSchema,
  icon_kind: iconKindSchema,
  media: mediaSchema,
  image: mediaSchema,
  trigger: triggerSectionSchema.partial(),
  banner: bannerSectionSchema.partial(),
  popup: popupSectionSchema.partial(),
  landing: landingSectionSchema.partial().required({ subdomain: true }),
  body: bodySectionSchema.partial(),
  chat: chatSectionSchema.partial(),
  embed: embedSnippetsSchema.optional(),
});
export type QuizConfig = z.infer<typeof quizConfigSchema>;
export type TriggerSection = z.infer<typeof triggerSectionSchema>;
export type BannerSection = z.infer<typeof bannerSectionSchema>;
export type PopupSection = z.infer<typeof popupSectionSchema>;
export type LandingSection = z.infer<typeof landingSectionSchema>;
export type BodySection = z.infer<typeof bodySectionSchema>;
export type ChatSection = z.infer<typeof chatSectionSchema>;

const quizConfigWritableFields = {
  display_mode: displayModeSchema,
  icon_kind: iconKindSchema,
  trigger: mergePatchOf(triggerSectionSchema),
  banner: mergePatchOf(bannerSectionSchema),
  popup: mergePatchOf(popupSectionSchema),
  landing: mergePatchOf(landingSectionSchema.omit({ logo: true })).extend({
    logo: mediaClear.optional(),
  }),
  body: mergePatchOf(bodySectionSchema),
  chat: mergePatchOf(chatSectionSchema),
};

/** `POST config/quiz/ {quiz, …}`. */
export const quizConfigCreateSchema = z.object({
  quiz: idSchema,
  ...z.object(quizConfigWritableFields).partial().shape,
});
export type QuizConfigCreate = z.infer<typeof quizConfigCreateSchema>;

/** `PATCH config/quiz/{config id}/` (JSON, or multipart with `media`, `image`, `logo`). */
export const quizConfigUpdateSchema = z
  .object({ ...quizConfigWritableFields, media: mediaClear, image: mediaClear })
  .partial();
export type QuizConfigUpdate = z.infer<typeof quizConfigUpdateSchema>;

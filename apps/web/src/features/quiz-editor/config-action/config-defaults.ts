import type {
  BannerSection,
  BodySection,
  ChatSection,
  LandingSection,
  PopupSection,
  QuizConfig,
  TriggerSection,
} from "@leadquiz/contract";

/**
 * What a missing key of a config section means: the embed loader's own default
 * (docs/embed.md "Attributes"), so the form shows what the visitor gets. A config is
 * created with empty sections; keys are stored once the owner changes them.
 */
const DEFAULT_BACKGROUND = "#2563eb";
const DEFAULT_COLOR = "#ffffff";

/** Every section with all of its keys. */
export interface Sections {
  trigger: TriggerSection;
  banner: BannerSection;
  popup: PopupSection;
  landing: LandingSection;
  body: BodySection;
  chat: ChatSection;
}
export type SectionName = keyof Sections;

export const sectionDefaults: Sections = {
  trigger: {
    enabled: true,
    format: "icon",
    position: "right",
    text: "",
    background: DEFAULT_BACKGROUND,
    text_color: DEFAULT_COLOR,
    icon: "",
    video_url: "",
    play_on_hover: true,
    open_on_click: true,
    consultant_name: "",
    message_text: "",
  },
  banner: {
    enabled: true,
    text: "",
    additional_text: "",
    background: DEFAULT_BACKGROUND,
    text_color: DEFAULT_COLOR,
  },
  popup: {
    enabled: true,
    open: "auto",
    button_id: "",
    delay_seconds: 0,
    exit_intent: false,
    scroll_depth: 0,
    frequency: "always",
    hide_on_mobile: false,
  },
  landing: {
    enabled: true,
    logo: null,
    about: "",
    company_name: "",
    site_url: null,
    phone: "",
    legal_notice: "",
    domain: null,
    subdomain: null,
  },
  body: {
    enabled: true,
    button_color: DEFAULT_BACKGROUND,
    text_color: DEFAULT_COLOR,
    text: "",
  },
  chat: {
    enabled: true,
    position: "right",
    button_text: "",
    button_color: DEFAULT_BACKGROUND,
    text_color: DEFAULT_COLOR,
  },
};

/** A section of the config with its missing keys at their defaults. */
export function sectionOf<K extends SectionName>(config: QuizConfig, name: K): Sections[K] {
  const stored = Object.fromEntries(
    Object.entries(config[name]).filter(([, value]) => value !== undefined && value !== null),
  );
  return { ...sectionDefaults[name], ...stored } as Sections[K];
}

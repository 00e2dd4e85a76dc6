import { type EmbedSnippets, IconKind, type QuizConfig, quizLanguages } from "@leadquiz/contract";
import { embedSnippetScript } from "@leadquiz/contract/embed-snippet";
import type { AppContext } from "../../app-context";
import type { AppConfig } from "../../config";
import { absoluteMediaUrl, embedLoaderUrl, landingUrl, publicQuizUrl } from "../../lib/public-urls";
import { escapeHtml, pageTexts } from "../public-pages";
import { findSnippetQuiz } from "./quiz-configs.repository";

export interface SnippetQuiz {
  publicKey: string;
  title: string;
  /** The quiz language's code (en, ru, uk, pt, it, fr, pl, de). */
  language: string;
}

type Attributes = [name: string, value: string | number | boolean | null | undefined][];

const ICON_KIND_FORMATS = {
  [IconKind.Icon]: "icon",
  [IconKind.Video]: "video",
  [IconKind.Consultant]: "manager",
} as const satisfies Record<IconKind, string>;

/**
 * The embed snippets of a quiz's publication config (docs/embed.md, "Config field → data
 * attribute"): one per display mode, null when that section is `enabled: false` (a
 * section never switched either way gets its snippet). Each is the inline loader of
 * `@leadquiz/contract/embed-snippet`, which inserts `/embed.js` after the host page's
 * `load` event (docs/adr/0012-embed-snippet-after-load.md). Attribute values are HTML-escaped,
 * empty strings and nulls are left out, URLs are absolute, all on the visitor origin
 * (embed.js too: docs/adr/0016-visitor-origin.md). Also the hosted page `link`
 * and the `landing_url` (null without a subdomain or with the landing switched off).
 */
export function buildEmbedSnippets(
  config: Pick<AppConfig, "visitorUrl" | "landingHost">,
  quizConfig: QuizConfig,
  quiz: SnippetQuiz,
): EmbedSnippets {
  const src = embedLoaderUrl(config);
  const close = (pageTexts as Record<string, { close: string } | undefined>)[quiz.language]?.close;
  const common = (mode: string): Attributes => [
    ["data-leadquiz", quiz.publicKey],
    ["data-mode", mode],
    ["data-title", quiz.title],
    ["data-close-label", close ?? "Close"],
  ];
  const media = (value: string | null) => absoluteMediaUrl(config, value);
  const script = (attributes: Attributes) => embedSnippetScript(src, attributeText(attributes));
  const off = (section: { enabled?: boolean | undefined }) => section.enabled === false;

  const { popup, banner, trigger, body, chat, landing } = quizConfig;
  const triggerFormat = trigger.format ?? ICON_KIND_FORMATS[quizConfig.icon_kind];
  // `open` missing means the loader's popup default, which is automatic.
  const auto = popup.open !== "button";

  return {
    popup: off(popup)
      ? null
      : script([
          ...common("popup"),
          ["data-open", popup.open],
          ["data-delay", auto ? popup.delay_seconds : undefined],
          ["data-exit-intent", auto && popup.exit_intent ? true : undefined],
          ["data-scroll", auto && popup.scroll_depth ? popup.scroll_depth : undefined],
          ["data-frequency", auto ? popup.frequency : undefined],
          ["data-button-id", popup.button_id],
          ["data-hide-on-mobile", popup.hide_on_mobile ? true : undefined],
        ]),
    banner: off(banner)
      ? null
      : script([
          ...common("banner"),
          ["data-text", banner.text],
          ["data-additional-text", banner.additional_text],
          ["data-background", banner.background],
          ["data-color", banner.text_color],
        ]),
    trigger: off(trigger)
      ? null
      : script([
          ...common("trigger"),
          ["data-format", triggerFormat],
          ["data-position", trigger.position],
          ["data-text", trigger.text],
          ["data-background", trigger.background],
          ["data-color", trigger.text_color],
          ["data-icon", trigger.icon],
          ["data-video", trigger.video_url || media(quizConfig.media)],
          ["data-play-on-hover", trigger.play_on_hover],
          ["data-open-on-click", trigger.open_on_click],
          ["data-manager-name", trigger.consultant_name],
          ["data-message", trigger.message_text],
          ["data-photo", media(quizConfig.image)],
        ]),
    inline: off(body)
      ? null
      : `<div${attributeText([
          ...common("inline"),
          ["data-text", body.text],
          ["data-background", body.button_color],
          ["data-color", body.text_color],
        ])}></div>\n${script([])}`,
    chat: off(chat)
      ? null
      : script([
          ...common("chat"),
          ["data-position", chat.position],
          ["data-text", chat.button_text],
          ["data-background", chat.button_color],
          ["data-color", chat.text_color],
        ]),
    link: publicQuizUrl(config, quiz.publicKey),
    landing_url:
      landing.subdomain && landing.enabled !== false ? landingUrl(config, landing.subdomain) : null,
  };
}

function attributeText(attributes: Attributes): string {
  return attributes
    .filter(([, value]) => value !== undefined && value !== null && value !== "")
    .map(([name, value]) => ` ${name}="${escapeHtml(String(value))}"`)
    .join("");
}

/** `GET config/quiz/{id}`: the config with its snippets (the quiz read from the database). */
export async function withEmbedSnippets(
  { db, config }: Pick<AppContext, "db" | "config">,
  quizConfig: QuizConfig,
): Promise<QuizConfig> {
  const quiz = await findSnippetQuiz(db, quizConfig.quiz);
  if (!quiz) return quizConfig;
  const language = quizLanguages.find((item) => item.id === quiz.language)?.code ?? "en";
  return {
    ...quizConfig,
    embed: buildEmbedSnippets(config, quizConfig, { ...quiz, language }),
  };
}

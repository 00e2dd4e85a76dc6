import {
  DESCRIPTION_MAX_LENGTH,
  domainField,
  IconKind,
  type QuizConfig,
  SHORT_TEXT_MAX_LENGTH,
  TITLE_MAX_LENGTH,
} from "@leadquiz/contract";
import {
  normalizeSubdomain,
  SUBDOMAIN_MAX_LENGTH,
  SUBDOMAIN_MIN_LENGTH,
  validateSubdomain,
} from "@leadquiz/engine";
import { Radio, Select, SimpleGrid, Stack, Switch } from "@mantine/core";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { isApiError } from "@/shared/api/api-error";
import { ColorField } from "../design/color-field";
import { CommittedNumberInput } from "../fields/committed-number-input";
import { CommittedTextarea, CommittedTextInput } from "../fields/committed-text-input";
import { linkProblem } from "../fields/link-rule";
import { MediaField } from "../media/media-field";
import { mediaTargets } from "../media/media-target";
import { YouTubeLinkField } from "../media/youtube-link-field";
import { type SectionName, type Sections, sectionOf } from "./config-defaults";
import { quizConfigQueryKey } from "./config-queries";
import { useConfigPatch } from "./use-config-patch";

interface FormProps {
  config: QuizConfig;
  quizId: number;
}

const ICON_KINDS = {
  icon: IconKind.Icon,
  video: IconKind.Video,
  manager: IconKind.Consultant,
} as const;
const positions = ["left", "right"] as const;
const frequencies = ["always", "session", "once"] as const;
/** An HTML id: anything without white space (the loader finds it with getElementById). */
const HTML_ID = /^\S+$/;

/** Writes of one section: `write(label key, changes)`, labelled by the field's text. */
function useSectionWrite<K extends SectionName>(config: QuizConfig, section: K) {
  const { t } = useTranslation();
  const patch = useConfigPatch(config);
  return (labelKey: string, next: Partial<Sections[K]>) =>
    patch(section, t(`publication:fields.${labelKey}`), next);
}

/** A colour of a section with the contrast warning against the colour it is read on. */
function SectionColors<K extends SectionName>({
  config,
  section,
  background,
  text,
  backgroundLabel = "background",
}: FormProps & {
  section: K;
  background: keyof Sections[K] & string;
  text: keyof Sections[K] & string;
  backgroundLabel?: string;
}) {
  const { t } = useTranslation();
  const write = useSectionWrite(config, section);
  const values = sectionOf(config, section) as Record<string, unknown>;
  const backgroundColor = String(values[background]);
  return (
    <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
      <ColorField
        label={t(`publication:fields.${backgroundLabel}`)}
        value={backgroundColor}
        onCommit={(color) =>
          write(backgroundLabel, { [background]: color } as Partial<Sections[K]>)
        }
        testId={`config-${section}-${background}`}
      />
      <ColorField
        label={t("publication:fields.textColor")}
        value={String(values[text])}
        onCommit={(color) => write("textColor", { [text]: color } as Partial<Sections[K]>)}
        against={{
          color: backgroundColor,
          name: t(`publication:fields.${backgroundLabel}`),
        }}
        testId={`config-${section}-${text}`}
      />
    </SimpleGrid>
  );
}

function PositionSelect({
  value,
  onChange,
  testId,
}: {
  value: "left" | "right";
  onChange: (value: "left" | "right") => void;
  testId: string;
}) {
  const { t } = useTranslation();
  return (
    <Radio.Group
      label={t("publication:fields.position")}
      value={value}
      onChange={(next) => onChange(next === "left" ? "left" : "right")}
      data-testid={testId}
    >
      <SimpleGrid cols={2} spacing="xs" mt={4}>
        {positions.map((position) => (
          <Radio
            key={position}
            value={position}
            label={t(`publication:fields.positions.${position}`)}
          />
        ))}
      </SimpleGrid>
    </Radio.Group>
  );
}

export function TriggerForm({ config, quizId }: FormProps) {
  const { t } = useTranslation();
  const patch = useConfigPatch(config);
  const write = useSectionWrite(config, "trigger");
  const trigger = sectionOf(config, "trigger");
  const refresh = [quizConfigQueryKey(quizId)];
  return (
    <Stack gap="sm">
      <Radio.Group
        label={t("publication:fields.format")}
        value={trigger.format}
        onChange={(value) => {
          const format = value as keyof typeof ICON_KINDS;
          // icon_kind is the record's older name of the same choice: kept equal.
          void patch(
            "trigger",
            t("publication:fields.format"),
            { format },
            {
              next: { icon_kind: ICON_KINDS[format] },
              previous: { icon_kind: config.icon_kind },
            },
          );
        }}
        data-testid="config-trigger-format"
      >
        <SimpleGrid cols={3} spacing="xs" mt={4}>
          {(["icon", "video", "manager"] as const).map((format) => (
            <Radio key={format} value={format} label={t(`publication:fields.formats.${format}`)} />
          ))}
        </SimpleGrid>
      </Radio.Group>
      <PositionSelect
        value={trigger.position}
        onChange={(position) => write("position", { position })}
        testId="config-trigger-position"
      />
      <CommittedTextInput
        label={t("publication:fields.text")}
        description={t("publication:fields.textHint")}
        value={trigger.text}
        maxLength={SHORT_TEXT_MAX_LENGTH}
        onCommit={(text) => write("text", { text })}
        data-testid="config-trigger-text"
      />
      <SectionColors
        config={config}
        quizId={quizId}
        section="trigger"
        background="background"
        text="text_color"
      />
      {trigger.format === "icon" && (
        <CommittedTextInput
          label={t("publication:fields.icon")}
          description={t("publication:fields.iconHint")}
          value={trigger.icon}
          maxLength={SHORT_TEXT_MAX_LENGTH}
          onCommit={(icon) => write("icon", { icon: icon.trim() })}
          data-testid="config-trigger-icon"
        />
      )}
      {trigger.format === "video" && (
        <>
          <YouTubeLinkField
            label={t("publication:fields.videoUrl")}
            value={trigger.video_url ?? ""}
            onCommit={(video_url) => write("videoUrl", { video_url })}
          />
          <MediaField
            label={t("publication:fields.video")}
            value={config.media}
            target={mediaTargets.configMedia(config.id)}
            quizId={quizId}
            refresh={refresh}
          />
          <Switch
            label={t("publication:fields.playOnHover")}
            description={t("publication:fields.playOnHoverHint")}
            checked={trigger.play_on_hover}
            onChange={(event) =>
              write("playOnHover", { play_on_hover: event.currentTarget.checked })
            }
            data-testid="config-trigger-play-on-hover"
          />
        </>
      )}
      {trigger.format === "manager" && (
        <>
          <CommittedTextInput
            label={t("publication:fields.consultantName")}
            value={trigger.consultant_name}
            maxLength={SHORT_TEXT_MAX_LENGTH}
            onCommit={(consultant_name) => write("consultantName", { consultant_name })}
            data-testid="config-trigger-consultant-name"
          />
          <MediaField
            label={t("publication:fields.photo")}
            value={config.image}
            target={mediaTargets.configImage(config.id)}
            quizId={quizId}
            accept="image"
            refresh={refresh}
          />
        </>
      )}
      <CommittedTextarea
        label={t("publication:fields.message")}
        description={t("publication:fields.messageHint")}
        value={trigger.message_text}
        maxLength={DESCRIPTION_MAX_LENGTH}
        onCommit={(message_text) => write("message", { message_text })}
        data-testid="config-trigger-message"
      />
      <Switch
        label={t("publication:fields.openOnClick")}
        description={t("publication:fields.openOnClickHint")}
        checked={trigger.open_on_click}
        onChange={(event) => write("openOnClick", { open_on_click: event.currentTarget.checked })}
        data-testid="config-trigger-open-on-click"
      />
    </Stack>
  );
}

export function BannerForm({ config, quizId }: FormProps) {
  const { t } = useTranslation();
  const write = useSectionWrite(config, "banner");
  const banner = sectionOf(config, "banner");
  return (
    <Stack gap="sm">
      <CommittedTextInput
        label={t("publication:fields.callText")}
        description={t("publication:fields.textHint")}
        value={banner.text}
        maxLength={TITLE_MAX_LENGTH}
        onCommit={(text) => write("callText", { text })}
        data-testid="config-banner-text"
      />
      <CommittedTextInput
        label={t("publication:fields.additionalText")}
        value={banner.additional_text}
        maxLength={DESCRIPTION_MAX_LENGTH}
        onCommit={(additional_text) => write("additionalText", { additional_text })}
        data-testid="config-banner-additional-text"
      />
      <SectionColors
        config={config}
        quizId={quizId}
        section="banner"
        background="background"
        text="text_color"
      />
    </Stack>
  );
}

export function PopupForm({ config }: FormProps) {
  const { t } = useTranslation();
  const write = useSectionWrite(config, "popup");
  const popup = sectionOf(config, "popup");
  const auto = popup.open === "auto";
  const wholeUpTo = (max: number) => (value: number | null) =>
    value !== null && (!Number.isInteger(value) || value < 0 || value > max)
      ? t("validation:out_of_range")
      : null;
  return (
    <Stack gap="sm">
      <Radio.Group
        label={t("publication:fields.open")}
        value={popup.open}
        onChange={(value) => write("open", { open: value === "button" ? "button" : "auto" })}
        data-testid="config-popup-open"
      >
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="xs" mt={4}>
          <Radio value="auto" label={t("publication:fields.openAuto")} />
          <Radio value="button" label={t("publication:fields.openButton")} />
        </SimpleGrid>
      </Radio.Group>
      {auto && (
        <>
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
            <CommittedNumberInput
              label={t("publication:fields.delay")}
              value={popup.delay_seconds}
              min={0}
              max={86_400}
              allowDecimal={false}
              onCommit={(value) => write("delay", { delay_seconds: value ?? 0 })}
              check={wholeUpTo(86_400)}
              data-testid="config-popup-delay"
            />
            <CommittedNumberInput
              label={t("publication:fields.scrollDepth")}
              description={t("publication:fields.scrollDepthHint")}
              value={popup.scroll_depth}
              min={0}
              max={100}
              allowDecimal={false}
              onCommit={(value) => write("scrollDepth", { scroll_depth: value ?? 0 })}
              check={wholeUpTo(100)}
              data-testid="config-popup-scroll"
            />
          </SimpleGrid>
          <Switch
            label={t("publication:fields.exitIntent")}
            checked={popup.exit_intent}
            onChange={(event) => write("exitIntent", { exit_intent: event.currentTarget.checked })}
            data-testid="config-popup-exit-intent"
          />
          <Select
            label={t("publication:fields.frequency")}
            data={frequencies.map((value) => ({
              value,
              label: t(`publication:fields.frequencies.${value}`),
            }))}
            value={popup.frequency}
            allowDeselect={false}
            onChange={(value) =>
              value && write("frequency", { frequency: value as (typeof frequencies)[number] })
            }
            comboboxProps={{ withinPortal: true }}
            data-testid="config-popup-frequency"
          />
        </>
      )}
      <CommittedTextInput
        label={t("publication:fields.buttonId")}
        description={t("publication:fields.buttonIdHint")}
        value={popup.button_id}
        maxLength={100}
        validate={(text) => {
          const id = text.trim();
          if (id === "") return auto ? null : t("publication:fields.buttonIdRequired");
          return HTML_ID.test(id) ? null : t("publication:fields.buttonIdInvalid");
        }}
        onCommit={(text) => write("buttonId", { button_id: text.trim() })}
        data-testid="config-popup-button-id"
      />
      <Switch
        label={t("publication:fields.hideOnMobile")}
        checked={popup.hide_on_mobile}
        onChange={(event) => write("hideOnMobile", { hide_on_mobile: event.currentTarget.checked })}
        data-testid="config-popup-hide-on-mobile"
      />
    </Stack>
  );
}

export function LandingForm({ config, quizId }: FormProps) {
  const { t } = useTranslation();
  const write = useSectionWrite(config, "landing");
  const landing = sectionOf(config, "landing");
  // The server's refusal of a subdomain (taken), shown while the field holds that value.
  const [refusal, setRefusal] = useState<{ value: string; message: string } | null>(null);
  const link = linkProblem(t);
  return (
    <Stack gap="sm">
      <MediaField
        label={t("publication:fields.logo")}
        value={landing.logo}
        target={mediaTargets.landingLogo(config.id)}
        quizId={quizId}
        accept="image"
        refresh={[quizConfigQueryKey(quizId)]}
      />
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
        <CommittedTextInput
          label={t("publication:fields.companyName")}
          value={landing.company_name}
          maxLength={SHORT_TEXT_MAX_LENGTH}
          onCommit={(company_name) => write("companyName", { company_name })}
          data-testid="config-landing-company"
        />
        <CommittedTextInput
          label={t("publication:fields.phone")}
          value={landing.phone}
          maxLength={64}
          inputMode="tel"
          onCommit={(phone) => write("phone", { phone: phone.trim() })}
          data-testid="config-landing-phone"
        />
      </SimpleGrid>
      <CommittedTextInput
        label={t("publication:fields.siteUrl")}
        value={landing.site_url ?? ""}
        inputMode="url"
        placeholder="https://"
        validate={(text) => (text.trim() === "" ? null : link(text))}
        onCommit={(text) => write("siteUrl", { site_url: text.trim() || null })}
        data-testid="config-landing-site"
      />
      <CommittedTextarea
        label={t("publication:fields.about")}
        value={landing.about}
        maxLength={DESCRIPTION_MAX_LENGTH}
        onCommit={(about) => write("about", { about })}
        data-testid="config-landing-about"
      />
      <CommittedTextarea
        label={t("publication:fields.legalNotice")}
        value={landing.legal_notice}
        maxLength={DESCRIPTION_MAX_LENGTH}
        onCommit={(legal_notice) => write("legalNotice", { legal_notice })}
        data-testid="config-landing-legal"
      />
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
        <CommittedTextInput
          label={t("publication:fields.subdomain")}
          description={t("publication:fields.subdomainHint")}
          value={landing.subdomain ?? ""}
          maxLength={SUBDOMAIN_MAX_LENGTH}
          autoCapitalize="off"
          spellCheck={false}
          validate={(text) => {
            const value = normalizeSubdomain(text);
            if (value === "") return null;
            const key = validateSubdomain(value);
            if (key) {
              return t(`validation:${key}`, {
                min: SUBDOMAIN_MIN_LENGTH,
                max: SUBDOMAIN_MAX_LENGTH,
              });
            }
            return refusal?.value === value ? refusal.message : null;
          }}
          onCommit={(text) => {
            const subdomain = normalizeSubdomain(text) || null;
            void write("subdomain", { subdomain }).then((result) => {
              if (result.ok || !isApiError(result.error)) return;
              const message = result.error.fieldErrors?.["landing.subdomain"]?.[0];
              if (message && subdomain) setRefusal({ value: subdomain, message });
            });
          }}
          data-testid="config-landing-subdomain"
        />
        <CommittedTextInput
          label={t("publication:fields.domain")}
          description={t("publication:fields.domainHint")}
          value={landing.domain ?? ""}
          maxLength={253}
          autoCapitalize="off"
          spellCheck={false}
          validate={(text) =>
            text.trim() === "" || domainField.safeParse(text.trim()).success
              ? null
              : t("publication:fields.domainInvalid")
          }
          onCommit={(text) => write("domain", { domain: text.trim().toLowerCase() || null })}
          data-testid="config-landing-domain"
        />
      </SimpleGrid>
    </Stack>
  );
}

export function BodyForm({ config, quizId }: FormProps) {
  const { t } = useTranslation();
  const write = useSectionWrite(config, "body");
  const body = sectionOf(config, "body");
  return (
    <Stack gap="sm">
      <CommittedTextInput
        label={t("publication:fields.bodyText")}
        description={t("publication:fields.bodyTextHint")}
        value={body.text}
        maxLength={SHORT_TEXT_MAX_LENGTH}
        onCommit={(text) => write("bodyText", { text })}
        data-testid="config-body-text"
      />
      <SectionColors
        config={config}
        quizId={quizId}
        section="body"
        background="button_color"
        text="text_color"
        backgroundLabel="buttonColor"
      />
    </Stack>
  );
}

export function ChatForm({ config, quizId }: FormProps) {
  const { t } = useTranslation();
  const write = useSectionWrite(config, "chat");
  const chat = sectionOf(config, "chat");
  return (
    <Stack gap="sm">
      <PositionSelect
        value={chat.position}
        onChange={(position) => write("position", { position })}
        testId="config-chat-position"
      />
      <CommittedTextInput
        label={t("publication:fields.chatButtonText")}
        description={t("publication:fields.textHint")}
        value={chat.button_text}
        maxLength={SHORT_TEXT_MAX_LENGTH}
        onCommit={(button_text) => write("chatButtonText", { button_text })}
        data-testid="config-chat-text"
      />
      <SectionColors
        config={config}
        quizId={quizId}
        section="chat"
        background="button_color"
        text="text_color"
        backgroundLabel="buttonColor"
      />
    </Stack>
  );
}

export const sectionForms: Record<SectionName, (props: FormProps) => React.JSX.Element> = {
  trigger: TriggerForm,
  banner: BannerForm,
  popup: PopupForm,
  landing: LandingForm,
  body: BodyForm,
  chat: ChatForm,
};

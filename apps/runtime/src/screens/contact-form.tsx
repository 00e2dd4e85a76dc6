import type { Messenger, PublicFormField, PublicQuiz } from "@leadquiz/contract";
import { formFieldKeys } from "@leadquiz/contract/codes";
import { bySort, validateEmail } from "@leadquiz/engine";
import { useEffect, useState } from "react";
import type { ContactValues } from "../contact-values";
import type { FieldKey, ServerFieldErrors } from "../lead-errors";
import { loadPhone, type PhoneApi } from "../phone-loader";
import { Nav, PrimaryButton } from "../player/nav";
import { messengerHandle, usesPhone } from "../submission";
import { fill, useTexts, type VisitorTexts } from "../texts";

const FIELD_KEYS: Record<PublicFormField["type"], FieldKey> = formFieldKeys;
const MESSENGER_NAMES: Record<Messenger, string> = {
  telegram: "Telegram",
  whatsapp: "WhatsApp",
  viber: "Viber",
  messenger: "Messenger",
  instagram: "Instagram",
  skype: "Skype",
  signal: "Signal",
  wechat: "WeChat",
  line: "LINE",
};
const INPUT: Record<
  FieldKey,
  { type: "text" | "tel" | "email"; autoComplete: string; inputMode?: "tel" | "email" }
> = {
  name: { type: "text", autoComplete: "name" },
  phone: { type: "tel", autoComplete: "tel", inputMode: "tel" },
  email: { type: "email", autoComplete: "email", inputMode: "email" },
  other: { type: "text", autoComplete: "off" },
  other2: { type: "text", autoComplete: "off" },
};

/** The form's key of a messenger's handle field (its errors, its input's id). */
const messengerKey = (messenger: Messenger) => `messenger-${messenger}`;

function fieldError(
  key: FieldKey,
  field: PublicFormField,
  value: string,
  texts: VisitorTexts,
  language: string,
  phone: PhoneApi | null,
): string {
  const text = value.trim();
  if (text === "") return field.required ? texts.required : "";
  if (key === "email" && validateEmail(text) !== null) return texts.invalid_email;
  // Until the checker (and the metadata of the number's zone) has loaded, a phone is taken
  // as typed; submitting waits for it, and takes it as typed only when it cannot load.
  if (
    key === "phone" &&
    phone?.checkPhone(text, phone.defaultCountryFor(language))?.valid === false
  ) {
    return texts.invalid_phone;
  }
  return "";
}

/**
 * The contact form: the enabled fields in `sort` order, the messengers, the privacy
 * consent (required) and a honeypot. Errors show once a field is touched (or on submit);
 * the phone is checked and formatted on leaving the field (phone.ts).
 */
export function ContactForm(props: {
  quiz: PublicQuiz;
  values: ContactValues;
  /** The fields the visitor changed (a server error of a changed field goes). */
  onChange: (patch: Partial<ContactValues>) => void;
  /** The checker formatted the phone `typed` on leaving the field. */
  onPhoneFormatted: (typed: string, formatted: string) => void;
  onSubmit: () => void;
  onBack: (() => void) | null;
  sending: boolean;
  idBase: string;
  /** The server's errors for the last attempt (those of fields changed since are gone). */
  serverErrors?: ServerFieldErrors | undefined;
  /** The quiz no longer takes leads (410): the answers stay here, nothing can be sent. */
  closed?: boolean | undefined;
}) {
  const { quiz, values, idBase } = props;
  const t = useTexts();
  const form = quiz.contact_form;
  const [touched, setTouched] = useState<ReadonlySet<string>>(new Set());
  const [phone, setPhone] = useState<PhoneApi | null>(null);
  const [, setPhoneReady] = useState(0);
  const serverErrors = props.serverErrors ?? {};
  const country = phone?.defaultCountryFor(quiz.language);
  useEffect(() => {
    let live = true;
    void loadPhone()
      .then((api) => {
        if (live) setPhone(api);
      })
      .catch(() => undefined);
    return () => {
      live = false;
    };
  }, []);
  // The metadata of the typed number's zone: re-check once it is here.
  useEffect(() => {
    if (!phone || values.phone.trim() === "") return;
    let live = true;
    void phone.preparePhone(values.phone, country).then(() => {
      if (live) setPhoneReady((n) => n + 1);
    });
    return () => {
      live = false;
    };
  }, [phone, values.phone, country]);
  const fields = bySort(quiz.fields).filter((field) => field.enabled);
  const asksPhone = fields.some((field) => FIELD_KEYS[field.type] === "phone");
  const touch = (name: string) => setTouched((set) => new Set(set).add(name));
  const set = props.onChange;

  const errorsWith = (api: PhoneApi | null) => {
    const found = new Map<string, string>();
    for (const field of fields) {
      const key = FIELD_KEYS[field.type];
      const error = fieldError(key, field, values[key], t, quiz.language, api);
      if (error) found.set(key, error);
    }
    for (const messenger of values.messengers) {
      if (messengerHandle(values, messenger) === "") {
        const name = MESSENGER_NAMES[messenger];
        found.set(messengerKey(messenger), fill(t.messenger_handle_required, { messenger: name }));
      }
    }
    if (!values.consent) found.set("consent", t.consent_required);
    return found;
  };
  const errors = errorsWith(phone);
  const shown = (name: string) =>
    (touched.has(name) ? errors.get(name) : undefined) ??
    serverErrors[name as keyof ServerFieldErrors] ??
    "";

  const submit = async () => {
    if (props.sending) return;
    let api: PhoneApi | null = phone;
    try {
      api = api ?? (await loadPhone());
      await api.preparePhone(values.phone, api.defaultCountryFor(quiz.language));
    } catch {
      // Offline before the checker came: the number goes as typed (the server checks it).
    }
    const errors = errorsWith(api);
    if (errors.size > 0) {
      setTouched(
        new Set([
          ...fields.map((field) => FIELD_KEYS[field.type]),
          ...values.messengers.map(messengerKey),
          "consent",
        ]),
      );
      const first = [...errors.keys()][0];
      document.getElementById(`${idBase}-${first}`)?.focus();
      return;
    }
    props.onSubmit();
  };
  const [consentBefore, consentAfter] = t.consent.split("{{policy}}");

  return (
    <form
      className="lq-screen lq-form"
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        void submit();
      }}
    >
      <h2 className="lq-title" tabIndex={-1} data-lq-heading="">
        {form.title || t.contacts_title}
      </h2>
      {form.description ? <p className="lq-description">{form.description}</p> : null}
      {fields.map((field) => {
        const key = FIELD_KEYS[field.type];
        const id = `${idBase}-${key}`;
        const error = shown(key);
        return (
          <div key={field.id} className="lq-field">
            <label className="lq-label" htmlFor={id}>
              {field.label || t[key]}
              {field.required ? <span aria-hidden="true"> *</span> : null}
            </label>
            <input
              id={id}
              className="lq-input"
              name={key}
              // One input element for three types; preact's types want one literal.
              type={INPUT[key].type as "text"}
              autoComplete={INPUT[key].autoComplete}
              inputMode={INPUT[key].inputMode}
              placeholder={field.placeholder || undefined}
              value={values[key]}
              maxLength={255}
              aria-required={field.required}
              aria-invalid={error ? "true" : undefined}
              aria-describedby={error ? `${id}-error` : undefined}
              onInput={(event) => set({ [key]: event.currentTarget.value })}
              onBlur={() => {
                touch(key);
                if (key !== "phone" || !phone) return;
                const typed = values.phone;
                void phone.preparePhone(typed, country).then(() => {
                  const checked = phone.checkPhone(typed, country);
                  if (checked?.valid && checked.formatted !== typed) {
                    props.onPhoneFormatted(typed, checked.formatted);
                  }
                });
              }}
            />
            <p id={`${id}-error`} className="lq-error" aria-live="polite">
              {error}
            </p>
          </div>
        );
      })}
      {form.messengers.length > 0 ? (
        <fieldset className="lq-group lq-messengers">
          <legend className="lq-label">{t.messengers}</legend>
          {form.messengers.map((messenger) => (
            <label key={messenger} className="lq-check">
              <input
                type="checkbox"
                checked={values.messengers.includes(messenger)}
                onChange={(event) =>
                  set({
                    messengers: event.currentTarget.checked
                      ? [...values.messengers, messenger]
                      : values.messengers.filter((m) => m !== messenger),
                  })
                }
              />
              <span>{MESSENGER_NAMES[messenger]}</span>
            </label>
          ))}
        </fieldset>
      ) : null}
      {form.messengers
        .filter((messenger) => values.messengers.includes(messenger))
        .map((messenger) => {
          const key = messengerKey(messenger);
          const id = `${idBase}-${key}`;
          const error = shown(key);
          const phoneFallback = usesPhone(messenger) && asksPhone;
          const described = [phoneFallback ? `${id}-hint` : "", error ? `${id}-error` : ""]
            .filter(Boolean)
            .join(" ");
          return (
            <div key={key} className="lq-field">
              <label className="lq-label" htmlFor={id}>
                {fill(t.messenger_handle, { messenger: MESSENGER_NAMES[messenger] })}
              </label>
              <input
                id={id}
                className="lq-input"
                name={key}
                type="text"
                autoComplete="off"
                placeholder={phoneFallback ? values.phone.trim() || undefined : undefined}
                value={values.messengerHandles[messenger] ?? ""}
                maxLength={255}
                aria-invalid={error ? "true" : undefined}
                aria-describedby={described || undefined}
                onInput={(event) =>
                  set({
                    messengerHandles: {
                      ...values.messengerHandles,
                      [messenger]: event.currentTarget.value,
                    },
                  })
                }
                onBlur={() => touch(key)}
              />
              {phoneFallback ? (
                <p id={`${id}-hint`} className="lq-hint">
                  {t.messenger_uses_phone}
                </p>
              ) : null}
              <p id={`${id}-error`} className="lq-error" aria-live="polite">
                {error}
              </p>
            </div>
          );
        })}
      <div className="lq-field">
        <label className="lq-check">
          <input
            id={`${idBase}-consent`}
            type="checkbox"
            checked={values.consent}
            aria-required="true"
            aria-invalid={shown("consent") ? "true" : undefined}
            aria-describedby={shown("consent") ? `${idBase}-consent-error` : undefined}
            onChange={(event) => {
              touch("consent");
              set({ consent: event.currentTarget.checked });
            }}
          />
          <span>
            {form.privacy_policy_url ? (
              <>
                {consentBefore}
                <a href={form.privacy_policy_url} target="_blank" rel="noopener noreferrer">
                  {t.privacy_policy}
                </a>
                {consentAfter}
              </>
            ) : (
              t.consent_plain
            )}
          </span>
        </label>
        <p id={`${idBase}-consent-error`} className="lq-error" aria-live="polite">
          {shown("consent")}
        </p>
      </div>
      <div className="lq-hp" aria-hidden="true">
        <input
          type="text"
          name="website"
          tabIndex={-1}
          autoComplete="off"
          value={values.website}
          onInput={(event) => set({ website: event.currentTarget.value })}
        />
      </div>
      {serverErrors.form ? (
        <p className="lq-error lq-form-error" role="alert">
          {serverErrors.form}
        </p>
      ) : null}
      {props.closed ? <p className="lq-description lq-closed-note">{t.kept_in_browser}</p> : null}
      <Nav
        backText={t.back}
        onBack={props.onBack}
        primary={
          <PrimaryButton
            text={form.button_text || t.submit}
            busyText={t.sending}
            busy={props.sending}
            disabled={props.sending || props.closed === true}
          />
        }
      />
    </form>
  );
}

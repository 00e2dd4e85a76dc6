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

/** The phone checker once it is here, and the quiz's country (its default for numbers). */
function usePhoneChecker(language: string, typedPhone: string) {
  const [phone, setPhone] = useState<PhoneApi | null>(null);
  const [, setPhoneReady] = useState(0);
  const country = phone?.defaultCountryFor(language);
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
    if (!phone || typedPhone.trim() === "") return;
    let live = true;
    void phone.preparePhone(typedPhone, country).then(() => {
      if (live) setPhoneReady((n) => n + 1);
    });
    return () => {
      live = false;
    };
  }, [phone, typedPhone, country]);
  return { phone, country };
}

/** Every error of the form by its key (fields, messenger handles, consent), checked with `phone`. */
function contactErrors(
  fields: readonly PublicFormField[],
  values: ContactValues,
  texts: VisitorTexts,
  language: string,
  phone: PhoneApi | null,
): Map<string, string> {
  const found = new Map<string, string>();
  for (const field of fields) {
    const key = FIELD_KEYS[field.type];
    const error = fieldError(key, field, values[key], texts, language, phone);
    if (error) found.set(key, error);
  }
  for (const messenger of values.messengers) {
    if (messengerHandle(values, messenger) === "") {
      const name = MESSENGER_NAMES[messenger];
      found.set(
        messengerKey(messenger),
        fill(texts.messenger_handle_required, { messenger: name }),
      );
    }
  }
  if (!values.consent) found.set("consent", texts.consent_required);
  return found;
}

/** One contact: its label, its input (type, autofill and keyboard by its key), its error. */
function ContactField(props: {
  field: PublicFormField;
  id: string;
  value: string;
  error: string;
  onInput: (value: string) => void;
  onBlur: () => void;
}) {
  const { field, id, error } = props;
  const t = useTexts();
  const key = FIELD_KEYS[field.type];
  return (
    <div className="lq-field">
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
        value={props.value}
        maxLength={255}
        aria-required={field.required}
        aria-invalid={error ? "true" : undefined}
        aria-describedby={error ? `${id}-error` : undefined}
        onInput={(event) => props.onInput(event.currentTarget.value)}
        onBlur={props.onBlur}
      />
      <p id={`${id}-error`} className="lq-error" aria-live="polite">
        {error}
      </p>
    </div>
  );
}

/** The messengers the visitor may be reached on, to tick. */
function MessengerChoice(props: {
  messengers: readonly Messenger[];
  chosen: readonly Messenger[];
  onChange: (chosen: Messenger[]) => void;
}) {
  const { chosen } = props;
  const t = useTexts();
  return (
    <fieldset className="lq-group lq-messengers">
      <legend className="lq-label">{t.messengers}</legend>
      {props.messengers.map((messenger) => (
        <label key={messenger} className="lq-check">
          <input
            type="checkbox"
            checked={chosen.includes(messenger)}
            onChange={(event) =>
              props.onChange(
                event.currentTarget.checked
                  ? [...chosen, messenger]
                  : chosen.filter((m) => m !== messenger),
              )
            }
          />
          <span>{MESSENGER_NAMES[messenger]}</span>
        </label>
      ))}
    </fieldset>
  );
}

/**
 * The handle of a ticked messenger; with `phoneFallback` (a messenger that can use the
 * phone number, on a form that asks for one) the number typed above stands in for it.
 */
function MessengerHandleField(props: {
  messenger: Messenger;
  id: string;
  value: string;
  error: string;
  phoneFallback: boolean;
  phone: string;
  onInput: (value: string) => void;
  onBlur: () => void;
}) {
  const { id, error, phoneFallback } = props;
  const t = useTexts();
  const described = [phoneFallback ? `${id}-hint` : "", error ? `${id}-error` : ""]
    .filter(Boolean)
    .join(" ");
  return (
    <div className="lq-field">
      <label className="lq-label" htmlFor={id}>
        {fill(t.messenger_handle, { messenger: MESSENGER_NAMES[props.messenger] })}
      </label>
      <input
        id={id}
        className="lq-input"
        name={messengerKey(props.messenger)}
        type="text"
        autoComplete="off"
        placeholder={phoneFallback ? props.phone.trim() || undefined : undefined}
        value={props.value}
        maxLength={255}
        aria-invalid={error ? "true" : undefined}
        aria-describedby={described || undefined}
        onInput={(event) => props.onInput(event.currentTarget.value)}
        onBlur={props.onBlur}
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
}

/** The privacy consent (required), with a link to the policy when the form has one. */
function ConsentField(props: {
  id: string;
  checked: boolean;
  error: string;
  policyUrl: string | null;
  onChange: (checked: boolean) => void;
}) {
  const { id, error, policyUrl } = props;
  const t = useTexts();
  const [consentBefore, consentAfter] = t.consent.split("{{policy}}");
  return (
    <div className="lq-field">
      <label className="lq-check">
        <input
          id={id}
          type="checkbox"
          checked={props.checked}
          aria-required="true"
          aria-invalid={error ? "true" : undefined}
          aria-describedby={error ? `${id}-error` : undefined}
          onChange={(event) => props.onChange(event.currentTarget.checked)}
        />
        <span>
          {policyUrl ? (
            <>
              {consentBefore}
              <a href={policyUrl} target="_blank" rel="noopener noreferrer">
                {t.privacy_policy}
              </a>
              {consentAfter}
            </>
          ) : (
            t.consent_plain
          )}
        </span>
      </label>
      <p id={`${id}-error`} className="lq-error" aria-live="polite">
        {error}
      </p>
    </div>
  );
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
  const { phone, country } = usePhoneChecker(quiz.language, values.phone);
  const serverErrors = props.serverErrors ?? {};
  const fields = bySort(quiz.fields).filter((field) => field.enabled);
  const asksPhone = fields.some((field) => FIELD_KEYS[field.type] === "phone");
  const touch = (name: string) => setTouched((set) => new Set(set).add(name));
  const set = props.onChange;

  const errors = contactErrors(fields, values, t, quiz.language, phone);
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
    const errors = contactErrors(fields, values, t, quiz.language, api);
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
  /** Leaving a field shows its errors; leaving the phone formats it (once it checks). */
  const leave = (key: FieldKey) => {
    touch(key);
    if (key !== "phone" || !phone) return;
    const typed = values.phone;
    void phone.preparePhone(typed, country).then(() => {
      const checked = phone.checkPhone(typed, country);
      if (checked?.valid && checked.formatted !== typed) {
        props.onPhoneFormatted(typed, checked.formatted);
      }
    });
  };

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
        return (
          <ContactField
            key={field.id}
            field={field}
            id={`${idBase}-${key}`}
            value={values[key]}
            error={shown(key)}
            onInput={(value) => set({ [key]: value })}
            onBlur={() => leave(key)}
          />
        );
      })}
      {form.messengers.length > 0 ? (
        <MessengerChoice
          messengers={form.messengers}
          chosen={values.messengers}
          onChange={(messengers) => set({ messengers })}
        />
      ) : null}
      {form.messengers
        .filter((messenger) => values.messengers.includes(messenger))
        .map((messenger) => {
          const key = messengerKey(messenger);
          return (
            <MessengerHandleField
              key={key}
              messenger={messenger}
              id={`${idBase}-${key}`}
              value={values.messengerHandles[messenger] ?? ""}
              error={shown(key)}
              phoneFallback={usesPhone(messenger) && asksPhone}
              phone={values.phone}
              onInput={(value) =>
                set({ messengerHandles: { ...values.messengerHandles, [messenger]: value } })
              }
              onBlur={() => touch(key)}
            />
          );
        })}
      <ConsentField
        id={`${idBase}-consent`}
        checked={values.consent}
        error={shown("consent")}
        policyUrl={form.privacy_policy_url}
        onChange={(consent) => {
          touch("consent");
          set({ consent });
        }}
      />
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
      {serverErrors.form || serverErrors.rate ? (
        <p className="lq-error lq-form-error" role="alert">
          {serverErrors.rate ? t.lead_refused : serverErrors.form}
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

import {
  PROFILE_CITY_MAX_LENGTH,
  PROFILE_EXPERIENCE_MAX_YEARS,
  PROFILE_LANGUAGES_MAX,
  PROFILE_NAME_MAX_LENGTH,
  PROFILE_SPECIALITY_MAX_LENGTH,
  type Profile,
} from "@leadquiz/contract";
import {
  Button,
  Group,
  MultiSelect,
  NumberInput,
  Select,
  SimpleGrid,
  Stack,
  TextInput,
} from "@mantine/core";
import { notifications } from "@mantine/notifications";
import { useMemo } from "react";
import { useTranslation } from "react-i18next";
import { useServerForm } from "@/shared/forms/use-server-form";
import { emailRule } from "@/shared/forms/validators";
import { currentLanguage } from "@/shared/i18n/i18n";
import { FormAlert } from "@/shared/ui/form-alert";
import { useUpdateProfile } from "../api/profile-api";
import { countryOptions, spokenLanguageOptions } from "./place-names";

type AboutValues = {
  firstName: string;
  lastName: string;
  email: string;
  country: string | null;
  city: string;
  speciality: string;
  experience: number | string;
  languages: string[];
};

const maxRule = (max: number) => (value: string) =>
  value.trim().length > max ? "courses:profile.about.tooLong" : null;

/** The texts of the profile (`PATCH profile/` JSON); errors of the server under their fields. */
export function ProfileAboutForm({ profile }: { profile: Profile }) {
  const { t, i18n } = useTranslation();
  const language = currentLanguage(i18n);
  const countries = useMemo(() => countryOptions(language), [language]);
  const languages = useMemo(() => spokenLanguageOptions(language), [language]);
  const update = useUpdateProfile();
  const { form, fieldProps, mutation, formErrors, onSubmit } = useServerForm<AboutValues, Profile>({
    initialValues: {
      firstName: profile.first_name,
      lastName: profile.last_name,
      email: profile.email,
      country: profile.country,
      city: profile.city,
      speciality: profile.speciality,
      experience: profile.experience_years,
      languages: profile.languages,
    },
    validate: {
      firstName: maxRule(PROFILE_NAME_MAX_LENGTH),
      lastName: maxRule(PROFILE_NAME_MAX_LENGTH),
      email: emailRule,
      city: maxRule(PROFILE_CITY_MAX_LENGTH),
      speciality: maxRule(PROFILE_SPECIALITY_MAX_LENGTH),
    },
    submit: (values) =>
      update.mutateAsync({
        kind: "fields",
        patch: {
          first_name: values.firstName.trim(),
          last_name: values.lastName.trim(),
          email: values.email.trim(),
          country: values.country,
          city: values.city.trim(),
          speciality: values.speciality.trim(),
          experience_years: typeof values.experience === "number" ? values.experience : 0,
          languages: values.languages,
        },
      }),
    fieldMap: {
      first_name: "firstName",
      last_name: "lastName",
      email: "email",
      country: "country",
      city: "city",
      speciality: "speciality",
      experience_years: "experience",
      languages: "languages",
    },
    onSuccess: (saved, current) => {
      current.setValues({
        firstName: saved.first_name,
        lastName: saved.last_name,
        email: saved.email,
        country: saved.country,
        city: saved.city,
        speciality: saved.speciality,
        experience: saved.experience_years,
        languages: saved.languages,
      });
      current.resetDirty();
      notifications.show({ color: "green", message: t("courses:profile.about.saved") });
    },
  });
  // The "too long" message names its limit.
  const withMax = (path: keyof AboutValues, max: number) => {
    const props = fieldProps(path);
    return form.errors[path] === "courses:profile.about.tooLong"
      ? { ...props, error: t("courses:profile.about.tooLong", { max }) }
      : props;
  };

  return (
    <form noValidate onSubmit={onSubmit} data-testid="profile-form">
      <Stack gap="md">
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <TextInput
            label={t("courses:profile.about.firstName")}
            autoComplete="given-name"
            {...withMax("firstName", PROFILE_NAME_MAX_LENGTH)}
          />
          <TextInput
            label={t("courses:profile.about.lastName")}
            autoComplete="family-name"
            {...withMax("lastName", PROFILE_NAME_MAX_LENGTH)}
          />
        </SimpleGrid>
        <TextInput
          label={t("courses:profile.about.email")}
          description={t("courses:profile.about.emailHint")}
          type="email"
          autoComplete="email"
          {...fieldProps("email")}
        />
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <Select
            label={t("courses:profile.about.country")}
            placeholder={t("courses:profile.about.countryPlaceholder")}
            data={countries}
            searchable
            clearable
            nothingFoundMessage={t("courses:profile.about.nothingFound")}
            autoComplete="off"
            {...fieldProps("country")}
          />
          <TextInput
            label={t("courses:profile.about.city")}
            autoComplete="address-level2"
            {...withMax("city", PROFILE_CITY_MAX_LENGTH)}
          />
        </SimpleGrid>
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <TextInput
            label={t("courses:profile.about.speciality")}
            placeholder={t("courses:profile.about.specialityPlaceholder")}
            {...withMax("speciality", PROFILE_SPECIALITY_MAX_LENGTH)}
          />
          <NumberInput
            label={t("courses:profile.about.experience")}
            min={0}
            max={PROFILE_EXPERIENCE_MAX_YEARS}
            allowDecimal={false}
            allowNegative={false}
            clampBehavior="strict"
            {...fieldProps("experience")}
          />
        </SimpleGrid>
        <MultiSelect
          label={t("courses:profile.about.languages")}
          placeholder={t("courses:profile.about.languagesPlaceholder")}
          data={languages}
          searchable
          maxValues={PROFILE_LANGUAGES_MAX}
          nothingFoundMessage={t("courses:profile.about.nothingFound")}
          hidePickedOptions
          {...fieldProps("languages")}
        />
        <FormAlert messages={formErrors} />
        <Group justify="flex-end">
          <Button type="submit" loading={mutation.isPending} data-testid="profile-save">
            {t("courses:profile.about.save")}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

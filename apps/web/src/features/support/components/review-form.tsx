import { REVIEW_TEXT_MAX_LENGTH, type Review } from "@leadquiz/contract";
import { Alert, Button, Group, Input, Rating, Stack, Text, Textarea } from "@mantine/core";
import { useId } from "react";
import { useTranslation } from "react-i18next";
import { useApiClient } from "@/shared/api/services-context";
import { useServerForm } from "@/shared/forms/use-server-form";
import { requiredRule } from "@/shared/forms/validators";
import { formatDateTime } from "@/shared/i18n/format-date";
import { FormAlert } from "@/shared/ui/form-alert";
import { saveReview } from "../api/support-api";
import { LengthCounter, maxLengthRule } from "./length-counter";

type ReviewValues = { rating: number; text: string };

/**
 * The account's one review: empty for a first one, filled with the published one for an
 * edit (POST create-feedback/ makes or replaces it).
 */
export function ReviewForm({
  own,
  notice,
  onSaved,
}: {
  own: Review | null;
  /** What the last save did, shown under the fields (the form is new after a save). */
  notice: "published" | "updated" | null;
  onSaved: (notice: "published" | "updated") => void;
}) {
  const { t, i18n } = useTranslation();
  const api = useApiClient();
  const ratingLabel = useId();
  const { form, fieldProps, mutation, formErrors, onSubmit } = useServerForm<ReviewValues, Review>({
    initialValues: { rating: own?.rating ?? 0, text: own?.text ?? "" },
    validate: {
      rating: (value) => (value >= 1 && value <= 5 ? null : "validation:rating_range"),
      text: (value) => requiredRule(value) ?? maxLengthRule(REVIEW_TEXT_MAX_LENGTH)(value),
    },
    submit: (values) => saveReview(api, { rating: values.rating, text: values.text }),
    fieldMap: { rating: "rating", text: "text" },
    onSuccess: () => onSaved(own ? "updated" : "published"),
  });
  const rating = fieldProps("rating");

  return (
    <form noValidate onSubmit={onSubmit} data-testid="review-form">
      <Stack gap="md">
        {own ? (
          <Text size="sm" c="dimmed">
            {t("support:reviews.yoursSince", {
              date: formatDateTime(own.created_at, i18n.language),
            })}
          </Text>
        ) : null}
        <Input.Wrapper
          id={ratingLabel}
          label={t("support:reviews.rating")}
          labelElement="div"
          withAsterisk
          error={rating.error}
        >
          <Rating
            size="lg"
            mt={4}
            role="radiogroup"
            aria-labelledby={`${ratingLabel}-label`}
            value={form.getValues().rating}
            onChange={(value) => {
              form.setFieldValue("rating", value);
              form.clearFieldError("rating");
            }}
            getSymbolLabel={(value) => t("support:reviews.star", { count: value })}
            data-testid="review-rating"
          />
        </Input.Wrapper>
        <Stack gap={4}>
          <Textarea
            label={t("support:reviews.text")}
            placeholder={t("support:reviews.textPlaceholder")}
            withAsterisk
            autosize
            minRows={4}
            maxRows={12}
            {...fieldProps("text")}
          />
          <LengthCounter value={form.getValues().text} max={REVIEW_TEXT_MAX_LENGTH} />
        </Stack>
        {notice && !form.isDirty() ? (
          <Alert color="green" variant="light" role="status" data-testid="review-saved">
            {t(`support:reviews.${notice}`)}
          </Alert>
        ) : null}
        <FormAlert messages={formErrors} />
        <Group justify="flex-end">
          <Button type="submit" loading={mutation.isPending} data-testid="review-submit">
            {own ? t("support:reviews.save") : t("support:reviews.publish")}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

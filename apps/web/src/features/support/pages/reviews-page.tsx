import type { Review } from "@leadquiz/contract";
import {
  Alert,
  Badge,
  Button,
  Divider,
  Group,
  Paper,
  Rating,
  Stack,
  Text,
  Title,
} from "@mantine/core";
import { useDocumentTitle } from "@mantine/hooks";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { errorMessage } from "@/shared/api/error-message";
import { formatDateTime } from "@/shared/i18n/format-date";
import { PageLoader } from "@/shared/ui/page-loader";
import { useRefreshReviews, useReviews } from "../api/support-api";
import { ReviewForm } from "../components/review-form";

/** One review as listed; its text is plain text (React escapes it, nothing is rendered as HTML). */
function ReviewItem({ review, mine }: { review: Review; mine: boolean }) {
  const { t, i18n } = useTranslation();
  const stars = t("support:reviews.star", { count: review.rating });
  return (
    <Stack gap={6} component="article" data-testid="review-item">
      <Group justify="space-between" gap="xs" wrap="wrap">
        <Group gap="xs" wrap="nowrap">
          <Text fw={600} data-testid="review-author">
            {review.author || t("support:reviews.anonymous")}
          </Text>
          {mine ? (
            <Badge variant="light" size="sm" c="dark.7">
              {t("support:reviews.you")}
            </Badge>
          ) : null}
        </Group>
        <Text size="sm" c="dimmed">
          {formatDateTime(review.created_at, i18n.language)}
          {review.updated_at !== review.created_at ? ` · ${t("support:reviews.edited")}` : ""}
        </Text>
      </Group>
      <Rating
        value={review.rating}
        readOnly
        size="sm"
        role="img"
        aria-label={stars}
        title={stars}
      />
      <Text style={{ whiteSpace: "pre-wrap", overflowWrap: "anywhere" }} data-testid="review-text">
        {review.text}
      </Text>
    </Stack>
  );
}

/** /review: leave or edit the account's review; every review, newest first, page by page. */
export function ReviewsPage() {
  const { t } = useTranslation();
  useDocumentTitle(`${t("support:reviews.title")} · Leadquiz`);
  const reviews = useReviews();
  const refresh = useRefreshReviews();
  // A new form after a save, filled with what the server kept.
  const [saves, setSaves] = useState(0);
  const [notice, setNotice] = useState<"published" | "updated" | null>(null);

  if (reviews.isPending) return <PageLoader />;
  if (!reviews.data) {
    return (
      <Alert color="red" variant="light" role="alert" title={t("support:reviews.loadFailed")}>
        <Stack gap="sm" align="flex-start">
          <Text size="sm">{errorMessage(reviews.error, t)}</Text>
          <Button size="xs" variant="light" onClick={() => void reviews.refetch()}>
            {t("common:actions.retry")}
          </Button>
        </Stack>
      </Alert>
    );
  }
  const pages = reviews.data.pages;
  const first = pages[0];
  const own = first?.own ?? null;
  const items = pages.flatMap((page) => page.results);
  const formTitle = own ? t("support:reviews.yours") : t("support:reviews.leave");

  return (
    <Stack gap="lg" maw={720}>
      <Title order={2}>{t("support:reviews.title")}</Title>
      <Text c="dimmed">{t("support:reviews.intro")}</Text>
      <Paper withBorder radius="md" p="lg" component="section" aria-label={formTitle}>
        <Title order={3} size="h4" mb="md">
          {formTitle}
        </Title>
        <ReviewForm
          key={`${own?.id ?? "new"}-${own?.updated_at ?? ""}-${saves}`}
          own={own}
          notice={notice}
          onSaved={(done) => {
            void refresh().then(() => {
              setNotice(done);
              setSaves((n) => n + 1);
            });
          }}
        />
      </Paper>
      <Paper
        withBorder
        radius="md"
        p="lg"
        component="section"
        aria-label={t("support:reviews.all")}
        data-testid="review-list"
      >
        <Group justify="space-between" mb="md" gap="xs">
          <Title order={3} size="h4">
            {t("support:reviews.all")}
          </Title>
          <Text size="sm" c="dimmed" data-testid="review-count">
            {t("support:reviews.count", { count: first?.count ?? 0 })}
          </Text>
        </Group>
        {items.length === 0 ? (
          <Text c="dimmed">{t("support:reviews.empty")}</Text>
        ) : (
          <Stack gap="md">
            {items.map((review, index) => (
              <Stack key={review.id} gap="md">
                {index > 0 ? <Divider /> : null}
                <ReviewItem review={review} mine={review.id === own?.id} />
              </Stack>
            ))}
          </Stack>
        )}
        {reviews.hasNextPage ? (
          <Group justify="center" mt="lg">
            <Button
              variant="light"
              loading={reviews.isFetchingNextPage}
              onClick={() => void reviews.fetchNextPage()}
              data-testid="review-more"
            >
              {t("support:reviews.more")}
            </Button>
          </Group>
        ) : null}
      </Paper>
    </Stack>
  );
}

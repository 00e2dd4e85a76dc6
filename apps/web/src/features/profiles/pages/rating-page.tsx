import {
  type Profile,
  RATING_PAGE_SIZE,
  type RatingEntry,
  type RatingScope,
  ratingScopeSchema,
} from "@leadquiz/contract";
import {
  Alert,
  Anchor,
  Avatar,
  Badge,
  Button,
  Group,
  Loader,
  Pagination,
  Paper,
  Stack,
  Tabs,
  Text,
  Title,
  VisuallyHidden,
} from "@mantine/core";
import { useDocumentTitle } from "@mantine/hooks";
import { useTranslation } from "react-i18next";
import { Link, useSearchParams } from "react-router";
import { currentLanguage } from "@/shared/i18n/i18n";
import { paths } from "@/shared/routing/paths";
import { useRating } from "../api/profile-api";
import { LoadFailed, WithProfile } from "../components/page-parts";
import { countryName } from "../components/place-names";

const scopes = ratingScopeSchema.options;

/** Why a scope cannot be shown for this profile (no country or city given), or null. */
function missingPlace(scope: RatingScope, profile: Profile): string | null {
  if (scope === "country" && !profile.country) return "courses:rating.needCountry";
  if (scope === "city" && (!profile.country || profile.city.trim() === "")) {
    return "courses:rating.needCity";
  }
  return null;
}

/** One ranked specialist; the owner's own entry stands out. */
function RatingRow({ entry, own }: { entry: RatingEntry; own: boolean }) {
  const { t, i18n } = useTranslation();
  const place = [entry.city, countryName(entry.country, currentLanguage(i18n))]
    .filter((part) => part !== "")
    .join(", ");
  return (
    <Group
      component="li"
      wrap="nowrap"
      gap="sm"
      p="sm"
      style={{
        borderRadius: "var(--mantine-radius-md)",
        background: own ? "var(--mantine-color-indigo-0)" : undefined,
        outline: own ? "2px solid var(--mantine-color-indigo-6)" : undefined,
      }}
      data-testid="rating-entry"
      data-own={own ? "yes" : "no"}
      aria-current={own ? "true" : undefined}
    >
      <Text fw={700} size="lg" miw={28} ta="right" style={{ flexShrink: 0 }}>
        <VisuallyHidden>
          {t("courses:rating.position", { position: entry.position })}
        </VisuallyHidden>
        <span aria-hidden>{entry.position}</span>
      </Text>
      <Avatar src={entry.avatar} alt="" radius="xl" size="md" />
      <Stack gap={0} style={{ flex: 1, minWidth: 0 }}>
        <Group gap="xs" wrap="wrap">
          <Anchor
            href={paths.publicProfile(entry.slug)}
            target="_blank"
            rel="noopener"
            fw={600}
            style={{ overflowWrap: "anywhere" }}
            data-testid="rating-entry-link"
          >
            {entry.name}
            <VisuallyHidden> {t("courses:profile.public.opensInNewTab")}</VisuallyHidden>
          </Anchor>
          {own ? (
            <Badge size="sm" variant="filled" color="indigo.7">
              {t("courses:rating.you")}
            </Badge>
          ) : null}
        </Group>
        {entry.speciality || place ? (
          <Text size="sm" c="dimmed" style={{ overflowWrap: "anywhere" }}>
            {[entry.speciality, place].filter((part) => part !== "").join(" · ")}
          </Text>
        ) : null}
        {/* On a phone the points go under the name, leaving the name the row's width. */}
        <Text size="sm" fw={600} hiddenFrom="xs">
          {t("courses:rating.points", { count: entry.score })}
        </Text>
      </Stack>
      <Text size="sm" fw={600} visibleFrom="xs" style={{ flexShrink: 0, whiteSpace: "nowrap" }}>
        {t("courses:rating.points", { count: entry.score })}
      </Text>
    </Group>
  );
}

/** The list of one scope: the owner's place, a page of entries, the pages. */
function RatingList({ scope, profile }: { scope: RatingScope; profile: Profile }) {
  const { t } = useTranslation();
  const [search, setSearch] = useSearchParams();
  const page = Math.max(1, Number.parseInt(search.get("page") ?? "1", 10) || 1);
  const missing = missingPlace(scope, profile);
  const rating = useRating(scope, page, missing === null);

  const goTo = (next: number) => {
    const params = new URLSearchParams(search);
    if (next > 1) params.set("page", String(next));
    else params.delete("page");
    setSearch(params);
  };

  if (missing) {
    return (
      <Alert variant="light" color="indigo" data-testid="rating-missing-place">
        <Stack gap="xs" align="flex-start">
          <Text size="sm">{t(missing)}</Text>
          <Anchor component={Link} to={paths.coursesProfile()} size="sm" fw={600}>
            {t("courses:rating.toProfile")}
          </Anchor>
        </Stack>
      </Alert>
    );
  }
  if (rating.isPending) {
    return (
      <Group justify="center" p="lg" role="status" aria-label={t("common:loading")}>
        <Loader />
      </Group>
    );
  }
  if (!rating.data) {
    return (
      <LoadFailed
        title={t("courses:rating.loadFailed")}
        error={rating.error}
        retry={() => void rating.refetch()}
      />
    );
  }
  const data = rating.data;
  const own = data.own;
  const pages = Math.max(1, Math.ceil(data.count / RATING_PAGE_SIZE));
  const ownPage = own ? Math.ceil(own.position / RATING_PAGE_SIZE) : null;

  return (
    <Stack gap="md">
      {own ? (
        <Paper
          radius="md"
          p="md"
          bg="indigo.0"
          withBorder
          data-testid="rating-own"
          aria-label={t("courses:rating.own", { position: own.position })}
          component="section"
        >
          <Group justify="space-between" gap="sm" wrap="wrap">
            <Stack gap={0}>
              <Text fw={700} size="lg">
                {t("courses:rating.own", { position: own.position })}
              </Text>
              <Text size="sm">{t("courses:rating.points", { count: own.score })}</Text>
            </Stack>
            {ownPage !== page ? (
              <Button
                variant="light"
                onClick={() => goTo(ownPage ?? 1)}
                data-testid="rating-show-own"
              >
                {t("courses:rating.showOwn")}
              </Button>
            ) : null}
          </Group>
        </Paper>
      ) : profile.is_public ? (
        <Text size="sm" c="dimmed" data-testid="rating-not-in-scope">
          {t("courses:rating.notInScope")}
        </Text>
      ) : (
        <Alert
          variant="light"
          color="indigo"
          title={t("courses:rating.privateTitle")}
          data-testid="rating-private"
        >
          <Stack gap="xs" align="flex-start">
            <Text size="sm">{t("courses:rating.privateText")}</Text>
            <Anchor component={Link} to={paths.coursesProfile()} size="sm" fw={600}>
              {t("courses:rating.toProfile")}
            </Anchor>
          </Stack>
        </Alert>
      )}
      <Text size="sm" c="dimmed" data-testid="rating-count">
        {t("courses:rating.count", { count: data.count })}
      </Text>
      {data.results.length === 0 ? (
        <Text c="dimmed">{t("courses:rating.empty")}</Text>
      ) : (
        <Stack component="ol" gap={4} m={0} p={0} style={{ listStyle: "none" }}>
          {data.results.map((entry) => (
            <RatingRow key={entry.slug} entry={entry} own={entry.slug === own?.slug} />
          ))}
        </Stack>
      )}
      {pages > 1 ? (
        <Group justify="center" component="nav" aria-label={t("courses:rating.pages")}>
          <Pagination total={pages} value={page} onChange={goTo} size="sm" siblings={1} />
        </Group>
      ) : null}
    </Stack>
  );
}

/** /courses/profile/rating: public profiles by score in the world, the country and the city. */
export function RatingPage() {
  const { t } = useTranslation();
  useDocumentTitle(`${t("courses:rating.title")} · Leadquiz`);
  const [search, setSearch] = useSearchParams();
  const parsed = ratingScopeSchema.safeParse(search.get("scope"));
  const scope: RatingScope = parsed.success ? parsed.data : "world";

  return (
    <WithProfile>
      {(data) => (
        <Stack gap="lg" maw={820}>
          <Title order={2}>{t("courses:rating.title")}</Title>
          <Text c="dimmed">{t("courses:rating.intro")}</Text>
          <Paper withBorder radius="md" p={{ base: "sm", sm: "lg" }}>
            <Tabs
              value={scope}
              onChange={(next) => {
                const params = new URLSearchParams();
                if (next && next !== "world") params.set("scope", next);
                setSearch(params);
              }}
              keepMounted={false}
            >
              <Tabs.List aria-label={t("courses:rating.scope.label")} mb="md">
                {scopes.map((value) => (
                  <Tabs.Tab key={value} value={value} data-testid={`rating-scope-${value}`}>
                    {t(`courses:rating.scope.${value}`)}
                  </Tabs.Tab>
                ))}
              </Tabs.List>
              {scopes.map((value) => (
                <Tabs.Panel key={value} value={value}>
                  <RatingList scope={value} profile={data} />
                </Tabs.Panel>
              ))}
            </Tabs>
          </Paper>
        </Stack>
      )}
    </WithProfile>
  );
}

import {
  Alert,
  Anchor,
  Badge,
  Button,
  Group,
  Paper,
  Skeleton,
  Stack,
  Text,
  ThemeIcon,
  Title,
  VisuallyHidden,
} from "@mantine/core";
import { useDocumentTitle } from "@mantine/hooks";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { usePublicSettings } from "@/shared/api/public-settings";
import { paths } from "@/shared/routing/paths";
import { courseLength, courseLessons } from "../course-data";

/**
 * The way to the course platform: a button to `course_url` when the operator configured
 * it, otherwise a notice that the course opens soon (never a dead link).
 */
function CourseLink() {
  const { t } = useTranslation();
  const settings = usePublicSettings(["course_url"]);
  if (settings.isPending) return <Skeleton h={36} w={200} radius="sm" />;
  const url = settings.data?.course_url;
  if (!url) {
    return (
      <Alert
        variant="light"
        color="indigo"
        title={t("courses:course.soonTitle")}
        data-testid="course-soon"
      >
        {t("courses:course.soonText")}
      </Alert>
    );
  }
  return (
    <Stack gap="xs" align="flex-start">
      <Button
        component="a"
        href={url}
        target="_blank"
        rel="noopener noreferrer"
        data-testid="course-open"
      >
        {t("courses:course.open")}
        <VisuallyHidden> {t("courses:course.opensInNewTab")}</VisuallyHidden>
      </Button>
      <Text size="sm" c="dimmed">
        {t("courses:course.platformNote")}
      </Text>
    </Stack>
  );
}

/** /courses/course: what the course teaches, its lessons and the link to the course platform. */
export function CoursePage() {
  const { t } = useTranslation();
  useDocumentTitle(`${t("courses:course.title")} · Leadquiz`);
  const length = courseLength(courseLessons);

  return (
    <Stack gap="lg" maw={820}>
      <Title order={2}>{t("courses:course.title")}</Title>
      <Paper withBorder radius="md" p="lg" component="section" aria-labelledby="course-name">
        <Stack gap="md">
          <Title order={3} id="course-name">
            {t("courses:course.name")}
          </Title>
          <Group gap="xs">
            <Badge variant="light" c="dark.7">
              {t("courses:course.lessonCount", { count: courseLessons.length })}
            </Badge>
            <Badge variant="light" c="dark.7">
              {t("courses:course.totalTime", length)}
            </Badge>
          </Group>
          <Text>{t("courses:course.intro")}</Text>
          <Text c="dimmed">{t("courses:course.audience")}</Text>
          <CourseLink />
        </Stack>
      </Paper>
      <Paper withBorder radius="md" p="lg" component="section" aria-labelledby="course-program">
        <Title order={3} size="h4" mb="md" id="course-program">
          {t("courses:course.program")}
        </Title>
        <Stack component="ol" gap="lg" m={0} p={0} style={{ listStyle: "none" }}>
          {courseLessons.map((lesson, index) => (
            <Group
              component="li"
              key={lesson.id}
              align="flex-start"
              wrap="nowrap"
              gap="md"
              data-testid="course-lesson"
            >
              <ThemeIcon variant="light" radius="xl" size="lg" aria-hidden>
                <Text fw={700} size="sm" c="dark.7">
                  {index + 1}
                </Text>
              </ThemeIcon>
              <Stack gap={4} style={{ flex: 1, minWidth: 0 }}>
                <Group justify="space-between" gap="xs" wrap="nowrap" align="flex-start">
                  <Title order={4} size="h5" style={{ flex: 1, minWidth: 0 }}>
                    <VisuallyHidden>
                      {t("courses:course.lessonNumber", { number: index + 1 })}.{" "}
                    </VisuallyHidden>
                    {t(`courses:course.lessons.${lesson.id}.title`)}
                  </Title>
                  <Text size="sm" c="dimmed" style={{ flexShrink: 0, whiteSpace: "nowrap" }}>
                    {t("courses:course.minutes", { count: lesson.minutes })}
                  </Text>
                </Group>
                <Text size="sm">{t(`courses:course.lessons.${lesson.id}.summary`)}</Text>
              </Stack>
            </Group>
          ))}
        </Stack>
      </Paper>
      <Paper withBorder radius="md" p="lg" component="section" aria-labelledby="course-after">
        <Stack gap="sm" align="flex-start">
          <Title order={3} size="h4" id="course-after">
            {t("courses:course.afterTitle")}
          </Title>
          <Text>{t("courses:course.afterText")}</Text>
          <Anchor component={Link} to={paths.coursesProfile()} fw={600}>
            {t("courses:course.toProfile")}
          </Anchor>
        </Stack>
      </Paper>
    </Stack>
  );
}

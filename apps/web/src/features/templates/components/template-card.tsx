import type { TemplateSummary } from "@leadquiz/contract";
import { AspectRatio, Badge, Button, Card, Group, Image, Stack, Text, Title } from "@mantine/core";
import { useTranslation } from "react-i18next";

/** A template in the gallery: cover, title, description, question count and the actions. */
export function TemplateCard({
  template,
  typeTitle,
  onPreview,
  onUse,
  using,
  canUse,
}: {
  template: TemplateSummary;
  typeTitle: string;
  onPreview: () => void;
  onUse: () => void;
  using: boolean;
  canUse: boolean;
}) {
  const { t } = useTranslation();
  return (
    <Card withBorder radius="md" padding="md" component="article" data-testid="template-card">
      <Card.Section>
        <AspectRatio ratio={16 / 9}>
          {template.image ? (
            <Image
              src={template.image}
              alt={t("templates:gallery.coverAlt", { title: template.title })}
              fit="cover"
            />
          ) : (
            <div style={{ background: "var(--mantine-color-gray-1)" }} />
          )}
        </AspectRatio>
      </Card.Section>
      <Stack gap="xs" mt="md" style={{ flex: 1 }}>
        <Group gap={6}>
          <Badge variant="light" size="sm" c="dark.7">
            {typeTitle}
          </Badge>
          <Text size="sm" c="dimmed">
            {t("templates:gallery.questions", { count: template.question_count })}
          </Text>
        </Group>
        <Title order={3} size="h4" data-testid="template-title">
          {template.title}
        </Title>
        <Text size="sm" c="dimmed" style={{ flex: 1 }}>
          {template.description}
        </Text>
        <Stack gap="xs" mt="xs">
          <Button onClick={onUse} loading={using} disabled={!canUse} data-testid="template-use">
            {t("templates:gallery.use")}
          </Button>
          <Button variant="default" onClick={onPreview} data-testid="template-preview">
            {t("templates:gallery.preview")}
          </Button>
        </Stack>
      </Stack>
    </Card>
  );
}

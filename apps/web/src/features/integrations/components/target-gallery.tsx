import { Badge, Button, Group, Paper, SimpleGrid, Stack, Text, Title } from "@mantine/core";
import { useTranslation } from "react-i18next";
import { type GalleryTile, galleryGroups, type TargetName } from "../catalog";
import { TargetLogo } from "./target-logo";

/** One service of the gallery: its mark, name, one line on what it does, connect/manage. */
function Tile({ tile, onOpen }: { tile: GalleryTile; onOpen: (target: TargetName) => void }) {
  const { t } = useTranslation();
  const name = t(`integrations:targets.${tile.target}`);
  return (
    <Paper withBorder radius="md" p="sm" data-testid={`tile-${tile.target}`}>
      <Group wrap="nowrap" gap="sm" align="center">
        <TargetLogo target={tile.target} size={36} />
        <Stack gap={0} style={{ flex: 1, minWidth: 0 }}>
          <Group gap={6} wrap="wrap">
            <Text fw={600} size="sm">
              {name}
            </Text>
            {tile.connected && (
              <Badge size="xs" color="green" variant="light">
                {t("integrations:gallery.connected")}
              </Badge>
            )}
          </Group>
          <Text size="xs" c="dimmed" lineClamp={2}>
            {t(`integrations:summary.${tile.target}`)}
          </Text>
        </Stack>
        <Button
          size="xs"
          variant={tile.connected ? "default" : "light"}
          onClick={() => onOpen(tile.target)}
          aria-label={
            tile.connected
              ? t("integrations:gallery.manageTo", { name })
              : t("integrations:gallery.connectTo", { name })
          }
          style={{ flexShrink: 0 }}
        >
          {tile.connected ? t("integrations:gallery.manage") : t("integrations:gallery.connect")}
        </Button>
      </Group>
    </Paper>
  );
}

/** The services a quiz can send its leads to, by group; each opens its panel. */
export function TargetGallery({
  connected,
  onOpen,
  headingRef,
}: {
  connected: ReadonlySet<TargetName>;
  onOpen: (target: TargetName) => void;
  /** The heading, to bring the gallery into view from the empty list. */
  headingRef?: React.Ref<HTMLHeadingElement>;
}) {
  const { t } = useTranslation();
  return (
    <Stack gap="md" component="section" aria-labelledby="gallery-title">
      <Title order={3} size="h4" id="gallery-title" ref={headingRef} tabIndex={-1}>
        {t("integrations:gallery.title")}
      </Title>
      {galleryGroups(connected).map((group) => (
        <Stack key={group.name} gap="xs" data-testid={`group-${group.name}`}>
          <Title order={4} size="h6" c="dimmed" tt="uppercase">
            {t(`integrations:gallery.groups.${group.name}`)}
          </Title>
          {/* By the tab's own width: beside the editor's preview it is narrow at any screen. */}
          <SimpleGrid
            type="container"
            cols={{ base: 1, "40rem": 2 }}
            spacing="xs"
            verticalSpacing="xs"
          >
            {group.tiles.map((tile) => (
              <Tile key={tile.target} tile={tile} onOpen={onOpen} />
            ))}
          </SimpleGrid>
        </Stack>
      ))}
    </Stack>
  );
}

import { Anchor, Text } from "@mantine/core";
import { Link } from "react-router";
import { paths } from "@/shared/routing/paths";

/** The product name, linking to the dashboard. */
export function Brand() {
  return (
    <Anchor component={Link} to={paths.home()} underline="never" aria-label="Leadquiz">
      <Text fw={800} fz="xl" c="indigo.7">
        Leadquiz
      </Text>
    </Anchor>
  );
}

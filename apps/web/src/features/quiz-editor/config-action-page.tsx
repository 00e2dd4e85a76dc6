import { useSearchParams } from "react-router";
import { type ConfigActionSection, configActionSections } from "../../app/paths";
import { ComingSoonPage } from "../coming-soon/coming-soon-page";

function isSection(value: string | null): value is ConfigActionSection {
  return value !== null && (configActionSections as readonly string[]).includes(value);
}

/** Publication setup (config-action); its sub-menu is chosen with `?section=`. */
export function ConfigActionPage() {
  const [params] = useSearchParams();
  const section = params.get("section");
  return (
    <ComingSoonPage
      titleKey="layout:editor.nav.configAction"
      subtitleKey={isSection(section) ? `layout:editor.configAction.${section}` : undefined}
    />
  );
}

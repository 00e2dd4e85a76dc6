import { type CSSVariablesResolver, createTheme } from "@mantine/core";

/**
 * The default theme, tuned for WCAG 2.2 AA contrast (docs/adr/0010-owner-app-dashboard.md):
 * primary shade 7 (white on indigo.7 is 5:1, indigo.7 on white and on gray.0 above 4.5:1),
 * and the secondary ("dimmed") text, links, error texts and the texts of light variants
 * (buttons, badges, alerts) darker than Mantine's defaults, which are below 4.5:1.
 * Mantine's transitions (modals sliding in, menus and tooltips fading) are instant for
 * whoever asked the system for less motion (WCAG 2.3.3; docs/editor.md, "Less motion").
 */
export const theme = createTheme({
  primaryColor: "indigo",
  primaryShade: { light: 7, dark: 8 },
  defaultRadius: "md",
  respectReducedMotion: true,
  fontFamily:
    "Inter, system-ui, -apple-system, 'Segoe UI', Roboto, 'Helvetica Neue', Arial, sans-serif",
});

/** Light-scheme colours of texts that Mantine draws in shades too pale for AA. */
export const cssVariablesResolver: CSSVariablesResolver = () => ({
  variables: {},
  light: {
    "--mantine-color-dimmed": "var(--mantine-color-gray-7)",
    "--mantine-color-anchor": "var(--mantine-color-indigo-8)",
    "--mantine-color-error": "var(--mantine-color-red-8)",
    "--mantine-color-placeholder": "var(--mantine-color-gray-6)",
    // Texts of the "light" variant (light buttons, badges, alerts) on their tinted background.
    "--mantine-primary-color-light-color": "var(--mantine-color-indigo-9)",
    "--mantine-color-indigo-light-color": "var(--mantine-color-indigo-9)",
    "--mantine-color-red-light-color": "var(--mantine-color-red-9)",
    // green-9 and orange-9 stay under 4.5:1 on their tint (and more so in striped rows).
    "--mantine-color-green-light-color": "#1e6b2f",
    // teal-9 (#087f5b) reaches only 4.49:1 on the tinted background of small bold badge text.
    "--mantine-color-teal-light-color": "#066a4c",
    "--mantine-color-orange-light-color": "#a33a0c",
    "--mantine-color-gray-light-color": "var(--mantine-color-gray-8)",
    // The delivery log's "held" badge (about 7:1 on its tint).
    "--mantine-color-grape-light-color": "var(--mantine-color-grape-9)",
  },
  dark: {},
});

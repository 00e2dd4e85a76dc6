import { useLocalStorage } from "@mantine/hooks";
import type { PreviewDevice } from "@/shared/ui/preview-frame";

export type { PreviewDevice };

/** What the owner chose for the editor's preview; kept in this browser. */
export interface PreviewSettings {
  /** The panel beside the editing tabs on a wide screen. */
  shown: boolean;
  device: PreviewDevice;
}

export const PREVIEW_SETTINGS_KEY = "leadquiz:editor-preview";
export const defaultPreviewSettings: PreviewSettings = { shown: true, device: "desktop" };

/** A stored value in the expected shape, else the defaults (an old or edited value). */
export function readPreviewSettings(value: string | null | undefined): PreviewSettings {
  try {
    const parsed = JSON.parse(value ?? "") as Partial<PreviewSettings> | null;
    return {
      shown: typeof parsed?.shown === "boolean" ? parsed.shown : defaultPreviewSettings.shown,
      device: parsed?.device === "mobile" ? "mobile" : "desktop",
    };
  } catch {
    return defaultPreviewSettings;
  }
}

/** The preview settings, remembered in localStorage (default: shown, Desktop). */
export function usePreviewSettings() {
  const [settings, setSettings] = useLocalStorage<PreviewSettings>({
    key: PREVIEW_SETTINGS_KEY,
    defaultValue: defaultPreviewSettings,
    getInitialValueInEffect: false,
    deserialize: readPreviewSettings,
    serialize: JSON.stringify,
  });
  return {
    settings,
    setShown: (shown: boolean) => setSettings((current) => ({ ...current, shown })),
    setDevice: (device: PreviewDevice) => setSettings((current) => ({ ...current, device })),
  };
}

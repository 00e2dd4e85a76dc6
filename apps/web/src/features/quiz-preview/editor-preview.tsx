import { useMediaQuery } from "@mantine/hooks";
import { createContext, type ReactNode, useContext, useMemo, useState } from "react";
import { type PreviewDevice, usePreviewSettings } from "./preview-settings";

/** Below this width the panel would squeeze the editing tabs: it opens over them instead. */
export const PREVIEW_PANEL_MIN_SCREEN = "(min-width: 1100px)";

/** The editor's preview state, shared by the layout, the footer and the version history. */
export interface EditorPreview {
  /** Whether the panel is on screen now. */
  opened: boolean;
  /** A wide screen: the panel sits beside the tabs (else it covers them while open). */
  wide: boolean;
  device: PreviewDevice;
  /** A published version on show instead of the draft, or null. */
  version: number | null;
  setOpened: (opened: boolean) => void;
  setDevice: (device: PreviewDevice) => void;
  /** Opens the panel on a published version (null: the draft). */
  showVersion: (version: number | null) => void;
}

const EditorPreviewContext = createContext<EditorPreview | null>(null);

/**
 * Keeps the preview's state (docs/editor.md "Preview, publishing, history"): on a wide
 * screen shown/hidden and the device are remembered in this browser (default shown,
 * Desktop); on a narrower one the panel starts closed and opens over the tabs.
 */
export function EditorPreviewProvider({ children }: { children: ReactNode }) {
  const { settings, setShown, setDevice } = usePreviewSettings();
  const wide = useMediaQuery(PREVIEW_PANEL_MIN_SCREEN, true, { getInitialValueInEffect: false });
  const [narrowOpened, setNarrowOpened] = useState(false);
  const [version, setVersion] = useState<number | null>(null);
  const value = useMemo<EditorPreview>(() => {
    const setOpened = (opened: boolean) => (wide ? setShown(opened) : setNarrowOpened(opened));
    return {
      opened: wide ? settings.shown : narrowOpened,
      wide,
      device: settings.device,
      version,
      setOpened,
      setDevice,
      showVersion: (next) => {
        setVersion(next);
        setOpened(true);
      },
    };
  }, [wide, settings, narrowOpened, version, setShown, setDevice]);
  return <EditorPreviewContext.Provider value={value}>{children}</EditorPreviewContext.Provider>;
}

export function useEditorPreview(): EditorPreview {
  const value = useContext(EditorPreviewContext);
  if (!value) throw new Error("useEditorPreview outside EditorPreviewProvider");
  return value;
}

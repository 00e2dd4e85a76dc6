import { useTranslation } from "react-i18next";
import { CommittedTextInput } from "../fields/committed-text-input";
import { youTubeLinkProblem } from "./media-rules";

/**
 * A video link: only YouTube addresses ("Invalid YouTube URL" under the field once touched;
 * an invalid link is not written). An empty field writes "" (no video).
 */
export function YouTubeLinkField({
  label,
  value,
  onCommit,
}: {
  label: string;
  value: string;
  onCommit: (next: string, previous: string) => void;
}) {
  const { t } = useTranslation();
  return (
    <CommittedTextInput
      label={label}
      placeholder="https://www.youtube.com/watch?v=…"
      inputMode="url"
      value={value}
      onCommit={(next, previous) => onCommit(next.trim(), previous)}
      validate={(text) => {
        const key = youTubeLinkProblem(text);
        return key ? t(`validation:${key}`) : null;
      }}
      data-testid="youtube-link-field"
    />
  );
}

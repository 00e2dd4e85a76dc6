import type { Result } from "@leadquiz/contract";
import { Stack, Switch } from "@mantine/core";
import { useTranslation } from "react-i18next";
import { CommittedTextarea, CommittedTextInput } from "../fields/committed-text-input";
import { linkProblem } from "../fields/link-rule";
import { MediaField } from "../media/media-field";
import { mediaTargets } from "../media/media-target";
import { cacheUpdate } from "../state/editor-writes";
import { resultsQueryKey } from "./api/result-queries";
import { useResultPatch } from "./use-result-patch";

/** Page view: what the visitor sees of a result (texts, media, button, e-mail copy). */
export function ResultViewTab({ result, quizId }: { result: Result; quizId: number }) {
  const { t } = useTranslation();
  const patch = useResultPatch(quizId);
  const key = resultsQueryKey(quizId);
  return (
    <Stack gap="md" data-testid="result-view-tab">
      <CommittedTextInput
        label={t("results:view.title")}
        value={result.title}
        maxLength={500}
        onCommit={(title) => void patch(result, t("results:view.title"), { title })}
      />
      <CommittedTextarea
        label={t("results:view.description")}
        value={result.description}
        maxLength={10_000}
        onCommit={(description) =>
          void patch(result, t("results:view.description"), { description })
        }
      />
      <CommittedTextarea
        label={t("results:view.additionalDescription")}
        description={t("results:view.additionalDescriptionHint")}
        value={result.additional_description}
        maxLength={10_000}
        onCommit={(additional_description) =>
          void patch(result, t("results:view.additionalDescription"), { additional_description })
        }
      />
      <MediaField
        label={t("results:view.media")}
        value={result.media}
        target={mediaTargets.resultMedia(result.id)}
        quizId={quizId}
        refresh={[key]}
        removeOptimistic={[
          cacheUpdate<Result[]>(key, (old) =>
            old.map((item) => (item.id === result.id ? { ...item, media: null } : item)),
          ),
        ]}
      />
      <CommittedTextInput
        label={t("results:view.buttonText")}
        value={result.button_text}
        maxLength={255}
        onCommit={(button_text) =>
          void patch(result, t("results:view.buttonText"), { button_text })
        }
      />
      <CommittedTextInput
        label={t("results:view.buttonLink")}
        description={t("results:view.buttonLinkHint")}
        placeholder="https://"
        inputMode="url"
        value={result.button_link}
        validate={linkProblem(t)}
        onCommit={(button_link) =>
          void patch(result, t("results:view.buttonLink"), { button_link: button_link.trim() })
        }
      />
      <Switch
        label={t("results:view.sendToEmail")}
        description={t("results:view.sendToEmailHint")}
        checked={result.send_to_email}
        onChange={(event) =>
          void patch(result, t("results:view.sendToEmail"), {
            send_to_email: event.currentTarget.checked,
          })
        }
      />
    </Stack>
  );
}

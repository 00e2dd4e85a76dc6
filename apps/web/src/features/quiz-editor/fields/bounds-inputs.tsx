import { useTranslation } from "react-i18next";
import { CommittedNumberInput } from "./committed-number-input";

/**
 * A "from – to" pair of optional numbers (an empty bound is open); "to" below "from" says
 * "The end must not be before the start" and is not written.
 */
export function BoundsInputs({
  from,
  to,
  fromLabel,
  toLabel,
  width,
  onFrom,
  onTo,
}: {
  from: number | null;
  to: number | null;
  fromLabel: string;
  toLabel: string;
  width: number;
  onFrom: (value: number | null) => void;
  onTo: (value: number | null) => void;
}) {
  const { t } = useTranslation();
  return (
    <>
      <CommittedNumberInput
        label={fromLabel}
        value={from}
        allowEmpty
        placeholder="−∞"
        w={width}
        onCommit={onFrom}
      />
      <CommittedNumberInput
        label={toLabel}
        value={to}
        allowEmpty
        placeholder="+∞"
        w={width}
        check={(value) =>
          value !== null && from !== null && value < from ? t("validation:reversed_range") : null
        }
        onCommit={onTo}
      />
    </>
  );
}

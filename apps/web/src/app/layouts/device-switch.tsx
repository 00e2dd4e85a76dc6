import { useId } from "react";
import type { PreviewDevice } from "../../features/quiz-preview/preview-settings";
import classes from "./device-switch.module.css";

interface DeviceSwitchProps {
  label: string;
  value: PreviewDevice;
  onChange: (device: PreviewDevice) => void;
  options: readonly { value: PreviewDevice; label: string }[];
  "data-testid"?: string;
}

/**
 * The preview's PC / mobile switch: a group of radios drawn like Mantine's SegmentedControl
 * (size xs) without its measuring indicator (device-switch.module.css).
 */
export function DeviceSwitch({ label, value, onChange, options, ...rest }: DeviceSwitchProps) {
  const name = useId();
  return (
    <div className={classes.root} role="radiogroup" aria-label={label} {...rest}>
      {options.map((option) => (
        <div key={option.value} className={classes.control}>
          <input
            className={classes.input}
            type="radio"
            id={`${name}-${option.value}`}
            name={name}
            value={option.value}
            checked={value === option.value}
            onChange={() => onChange(option.value)}
          />
          <label className={classes.label} htmlFor={`${name}-${option.value}`}>
            <span className={classes.inner}>{option.label}</span>
          </label>
        </div>
      ))}
    </div>
  );
}

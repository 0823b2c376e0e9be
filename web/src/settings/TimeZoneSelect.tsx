import { selectClass } from '../ui/styles';
import { timeZoneChoices } from './timeZones';

/** The option standing for no zone chosen (null on the server). */
const NONE = '';

/**
 * A choice among the browser's time zones, first the fallback when none is chosen, named by the
 * caller (the device's zone for a person, UTC for an organization).
 */
export function TimeZoneSelect({
  id,
  value,
  noneLabel,
  onChange,
}: {
  id: string;
  value: string | null;
  noneLabel: string;
  onChange: (zone: string | null) => void;
}) {
  return (
    <select
      id={id}
      className={selectClass}
      value={value ?? NONE}
      onChange={(event) => onChange(event.target.value === NONE ? null : event.target.value)}
    >
      <option value={NONE}>{noneLabel}</option>
      {timeZoneChoices(value).map((zone) => (
        <option key={zone} value={zone}>
          {zone.replaceAll('_', ' ')}
        </option>
      ))}
    </select>
  );
}

import { useTranslation } from 'react-i18next';
import { formatDate, formatTime } from '../../../core/format-date';
import { Box } from '../../ui/Box';
import { SelectField } from '../../ui/Field';
import type { SlotDay } from './demo-slots';

interface DemoSlotFieldsProps {
  days: SlotDay[];
  day: string;
  time: string;
  timeZone: string;
  error: string | undefined;
  onDay: (day: string) => void;
  onTime: (time: string) => void;
  /** The time's select was left: its error may show from now on. */
  onLeave: () => void;
}

/**
 * The demo's preferred slot: a weekday, then one of its half-hour times in the visitor's time zone.
 * Without the zone (the prerendered page, before its code runs) the hint keeps its line, empty.
 */
export function DemoSlotFields({ days, day, time, timeZone, error, onDay, onTime, onLeave }: DemoSlotFieldsProps) {
  const { t, i18n } = useTranslation(['landing', 'common']);
  const times = days.find((d) => d.key === day)?.times ?? [];
  return (
    <Box display="grid" gap="medium">
      <SelectField label={t('demo.day')} name="day" value={day} onChange={(e) => onDay(e.target.value)}>
        {days.map((d) => (
          <option key={d.key} value={d.key}>
            {formatDate(d.date, i18n.language, 'weekday')}
          </option>
        ))}
      </SelectField>
      <SelectField label={t('demo.time')} name="time" value={time} error={error} hint={timeZone ? t('demo.timeZone', { zone: timeZone }) : '\u00a0'} required aria-required="true" onBlur={onLeave} onChange={(e) => onTime(e.target.value)}>
        <option value="">—</option>
        {times.map((at) => (
          <option key={at.toISOString()} value={at.toISOString()}>
            {formatTime(at, i18n.language)}
          </option>
        ))}
      </SelectField>
    </Box>
  );
}

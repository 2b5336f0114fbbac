/**
 * The demo page's slot choices: the next ten weekdays, half-hour slots from 09:00 to 17:30 in the
 * visitor's own time zone (the browser's), starting at least two hours from now.
 */
export interface SlotDay {
  /** yyyy-mm-dd in the visitor's time zone */
  key: string;
  date: Date;
  times: Date[];
}

const firstHour = 9;
const lastSlotHour = 17.5;
const leadTimeMs = 2 * 3_600_000;

function dayKey(date: Date): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
}

export function slotDays(now: Date, days = 10): SlotDay[] {
  const result: SlotDay[] = [];
  const cursor = new Date(now.getFullYear(), now.getMonth(), now.getDate());
  while (result.length < days) {
    const weekday = cursor.getDay();
    if (weekday !== 0 && weekday !== 6) {
      const times: Date[] = [];
      for (let hour = firstHour; hour <= lastSlotHour; hour += 0.5) {
        const at = new Date(cursor.getFullYear(), cursor.getMonth(), cursor.getDate(), Math.floor(hour), (hour % 1) * 60);
        if (at.getTime() - now.getTime() >= leadTimeMs) times.push(at);
      }
      if (times.length > 0) result.push({ key: dayKey(cursor), date: new Date(cursor), times });
    }
    cursor.setDate(cursor.getDate() + 1);
  }
  return result;
}

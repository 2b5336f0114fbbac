/**
 * A cron line (UTC, minute precision) for "every N minutes": steps of the minute under an hour, of
 * the hour under a day, once a day beyond. Steps restart at each hour (or day), so an N that does not
 * divide 60 (or 24) leaves a shorter gap once an hour (or day): never a longer one than N.
 */
export function cronEvery(minutes: number): string {
  if (!Number.isInteger(minutes) || minutes < 1) throw new Error(`expected a whole number of minutes, at least 1: ${minutes}`);
  if (minutes < 60) return minutes === 1 ? '* * * * *' : `*/${minutes} * * * *`;
  const hours = Math.floor(minutes / 60);
  if (hours < 24) return hours === 1 ? '0 * * * *' : `0 */${hours} * * *`;
  return '0 0 * * *';
}

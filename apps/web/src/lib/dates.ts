/**
 * Whole years between a date of birth ("YYYY-MM-DD") and `today` (UTC calendar dates), or null when the
 * text is not a real date. A birthday on 29 February counts from 1 March in other years.
 */
export function ageInYears(dateOfBirth: string, today: Date): number | null {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(dateOfBirth);
  if (!match) return null;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const birth = new Date(Date.UTC(year, month - 1, day));
  if (birth.getUTCFullYear() !== year || birth.getUTCMonth() !== month - 1 || birth.getUTCDate() !== day) {
    return null;
  }
  let age = today.getUTCFullYear() - year;
  const beforeBirthday =
    today.getUTCMonth() + 1 < month || (today.getUTCMonth() + 1 === month && today.getUTCDate() < day);
  if (beforeBirthday) age -= 1;
  return age;
}

/** Today as "YYYY-MM-DD" (UTC), e.g. for the `max` of a date input. */
export function isoDay(date: Date): string {
  return date.toISOString().slice(0, 10);
}

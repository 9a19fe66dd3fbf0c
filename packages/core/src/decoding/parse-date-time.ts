const dateTime = /^(\d{4})-(\d\d)-(\d\d)[Tt ](\d\d):(\d\d):(\d\d)(\.\d+)?(?:([Zz])|([+-])(\d\d)(?::?(\d\d))?)?$/;

/**
 * Turns an RFC 3339 date-time that passed the `date-time` format check into a `Date`, never an
 * `Invalid Date`: an offset without minutes (`+01`) means `+01:00`; a leap second (`23:59:60`, which
 * a `Date` cannot hold) becomes the next second (`23:59:60Z` is
 * `00:00:00Z` of the next day);
 * a missing offset means UTC.
 * @param text - the date-time text
 * @returns the date
 */
export function parseDateTime(text: string): Date {
  const match = dateTime.exec(text);
  if (match === null) return new Date(text);
  const [, year, month, day, hour, minute, second, fraction, , sign, offsetHours, offsetMinutes] = match;
  const leap = second === '60';
  const milliseconds = fraction === undefined ? 0 : Math.floor(Number(`0${fraction}`) * 1000);
  let time = Date.UTC(Number(year), Number(month) - 1, Number(day), Number(hour), Number(minute), leap ? 59 : Number(second), milliseconds);
  if (leap) time += 1000;
  // Date.UTC maps years 0-99 to 1900-1999; RFC 3339 years are literal.
  if (Number(year) < 100) time = new Date(time).setUTCFullYear(Number(year));
  if (sign !== undefined) {
    const offset = (Number(offsetHours) * 60 + Number(offsetMinutes ?? 0)) * 60_000;
    time += sign === '+' ? -offset : offset;
  }
  return new Date(time);
}

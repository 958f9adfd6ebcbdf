// Shapes of ordinary business numbers that share digits and separators with phone numbers.

const isoDate = /^(\d{4})([-./])(\d{1,2})\2(\d{1,2})(?!\d)/;
const dayMonthYear = /^(\d{1,2})([-./])(\d{1,2})\2(\d{4}(?!\d)|\d{2}$)/;
const yearRange = /^(?:19|20)\d{2} ?[-/] ?(?:19|20)\d{2}$/;
const zipPlusFour = /^\d{5}-\d{4}$/;

/** A date ("2024-03-15", "15.03.2024", "3/15/24"), possibly with a time after it, a year range or a ZIP+4. */
export function looksLikeDateOrRange(value: string): boolean {
  if (!/[-./]/.test(value)) return false;
  if (yearRange.test(value) || zipPlusFour.test(value)) return true;
  const iso = isoDate.exec(value);
  if (iso !== null && isMonthAndDay(Number(iso[3]), Number(iso[4]))) return true;
  const dayFirst = dayMonthYear.exec(value);
  if (dayFirst === null) return false;
  const first = Number(dayFirst[1]);
  const second = Number(dayFirst[3]);
  return isMonthAndDay(first, second) || isMonthAndDay(second, first);
}

function isMonthAndDay(month: number, day: number): boolean {
  return month >= 1 && month <= 12 && day >= 1 && day <= 31;
}

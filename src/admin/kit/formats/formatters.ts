// Intl formatters kept per time zone: making an Intl.DateTimeFormat costs far more than using one,
// and a list or an export formats hundreds of dates.

/** The formatter `map` holds for `timeZone` (the viewer's when none), made by `make` the first time. */
export function formatterFor(map: Map<string, Intl.DateTimeFormat>, timeZone: string | undefined, make: () => Intl.DateTimeFormat): Intl.DateTimeFormat {
  const key = timeZone ?? '';
  let format = map.get(key);
  if (!format) {
    format = make();
    map.set(key, format);
  }
  return format;
}

// Sun position, enough for day length and rooftop solar output (no refraction, no equation of time).

const DEG = Math.PI / 180;

/** Solar declination in radians on a day of the year (Cooper's formula). */
export function solarDeclination(dayOfYear: number): number {
  return 23.44 * DEG * Math.sin((2 * Math.PI * (284 + dayOfYear)) / 365);
}

/** Hours between sunrise and sunset at a latitude. */
export function daylightHours(latitudeDeg: number, dayOfYear: number): number {
  const cosHourAngle = -Math.tan(latitudeDeg * DEG) * Math.tan(solarDeclination(dayOfYear));
  if (cosHourAngle <= -1) return 24;
  if (cosHourAngle >= 1) return 0;
  return (2 * Math.acos(cosHourAngle)) / (15 * DEG);
}

/** Sine of the sun's elevation at a solar time of day (12 = solar noon); negative at night. */
export function sunElevationSine(latitudeDeg: number, dayOfYear: number, solarHour: number): number {
  const latitude = latitudeDeg * DEG;
  const declination = solarDeclination(dayOfYear);
  const hourAngle = (solarHour - 12) * 15 * DEG;
  return (
    Math.sin(latitude) * Math.sin(declination) +
    Math.cos(latitude) * Math.cos(declination) * Math.cos(hourAngle)
  );
}

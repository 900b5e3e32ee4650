// Interval values at a coarser resolution: consecutive 15-minute slots summed in fours, so a
// daylight-saving day keeps its 23 or 25 hours (a clock hour that repeats is two hours here).

/** Sums each `factor` consecutive values; a short last group (a meter of another length) still counts. */
export function sumInGroups(values: readonly number[], factor: number): number[] {
  if (factor <= 1) return [...values];
  const out = new Array<number>(Math.ceil(values.length / factor)).fill(0);
  for (let i = 0; i < values.length; i++) {
    const index = Math.floor(i / factor);
    out[index] = (out[index] ?? 0) + (values[i] ?? 0);
  }
  return out;
}

/** Values of a day at `resolution` minutes from a meter that reads every `meterMinutes`. */
export function atResolution(values: readonly number[], meterMinutes: number, resolution: number): number[] {
  return sumInGroups(values, Math.max(1, Math.round(resolution / meterMinutes)));
}

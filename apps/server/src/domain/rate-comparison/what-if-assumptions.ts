// What-ifs as a caller asks for them (only the essential figure required), and the same with every
// default filled in: the "assumptions" a page shows and lets the customer edit.
import type { Battery, BatteryMode } from './battery.ts';
import type { EvCharging } from './ev-charging.ts';
import type { RooftopSolar } from './rooftop-solar.ts';

export interface EvRequest {
  milesPerYear: number;
  kwhPerMile?: number;
  chargerKw?: number;
  startHour?: number;
  endHour?: number;
}

export interface SolarRequest {
  kw: number;
  tiltDeg?: number;
  azimuthDeg?: number;
  systemDerate?: number;
  defaultCloudCover?: number;
}

export interface BatteryRequest {
  kwh: number;
  kw?: number;
  roundTripEfficiency?: number;
  mode?: BatteryMode;
}

export interface LoadShiftRequest {
  /** Share (0–1) of the energy drawn in the dearest hours that moves to the cheapest hours. */
  share: number;
}

export interface WhatIfRequest {
  ev?: EvRequest;
  solar?: SolarRequest;
  battery?: BatteryRequest;
  shift?: LoadShiftRequest;
}

export interface WhatIfAssumptions {
  ev: EvCharging | null;
  solar: RooftopSolar | null;
  battery: Battery | null;
  shift: LoadShiftRequest | null;
}

export const WHAT_IF_DEFAULTS = {
  kwhPerMile: 0.3,
  // A Level 2 home charger on a 40 A circuit, charging overnight.
  chargerKw: 7.2,
  chargeStartHour: 22,
  chargeEndHour: 6,
  // A common pitched roof facing south.
  tiltDeg: 20,
  azimuthDeg: 180,
  systemDerate: 0.82,
  // The demo climate's average cloud cover, for days the weather does not cover.
  defaultCloudCover: 0.45,
  // A typical home battery's power, and a lithium-ion battery's round trip.
  batteryKw: 5,
  roundTripEfficiency: 0.9,
  batteryMode: 'self-consumption' as BatteryMode,
} as const;

function check(condition: boolean, message: string): void {
  if (!condition) throw new RangeError(message);
}

const isHour = (hour: number) => Number.isInteger(hour) && hour >= 0 && hour <= 23;

export function resolveAssumptions(
  request: WhatIfRequest | undefined,
  site: { latitude: number; longitude: number } | undefined,
): WhatIfAssumptions {
  const { ev, solar, battery, shift } = request ?? {};
  let resolvedEv: EvCharging | null = null;
  if (ev) {
    resolvedEv = {
      milesPerYear: ev.milesPerYear,
      kwhPerMile: ev.kwhPerMile ?? WHAT_IF_DEFAULTS.kwhPerMile,
      chargerKw: ev.chargerKw ?? WHAT_IF_DEFAULTS.chargerKw,
      startHour: ev.startHour ?? WHAT_IF_DEFAULTS.chargeStartHour,
      endHour: ev.endHour ?? WHAT_IF_DEFAULTS.chargeEndHour,
    };
    check(resolvedEv.milesPerYear >= 0, 'EV miles a year must not be negative');
    check(
      resolvedEv.kwhPerMile > 0 && resolvedEv.chargerKw > 0,
      'EV kWh per mile and charger kW must be positive',
    );
    check(
      isHour(resolvedEv.startHour) && isHour(resolvedEv.endHour),
      'EV charging hours are whole hours 0–23',
    );
  }
  let resolvedSolar: RooftopSolar | null = null;
  if (solar) {
    if (!site) throw new RangeError('Rooftop solar needs the site latitude and longitude');
    resolvedSolar = {
      kw: solar.kw,
      tiltDeg: solar.tiltDeg ?? WHAT_IF_DEFAULTS.tiltDeg,
      azimuthDeg: solar.azimuthDeg ?? WHAT_IF_DEFAULTS.azimuthDeg,
      latitude: site.latitude,
      longitude: site.longitude,
      systemDerate: solar.systemDerate ?? WHAT_IF_DEFAULTS.systemDerate,
      defaultCloudCover: solar.defaultCloudCover ?? WHAT_IF_DEFAULTS.defaultCloudCover,
    };
    check(resolvedSolar.kw >= 0, 'Solar kW must not be negative');
    check(resolvedSolar.tiltDeg >= 0 && resolvedSolar.tiltDeg <= 90, 'Solar tilt is 0–90 degrees');
    check(resolvedSolar.azimuthDeg >= 0 && resolvedSolar.azimuthDeg <= 360, 'Solar azimuth is 0–360 degrees');
    check(resolvedSolar.systemDerate > 0 && resolvedSolar.systemDerate <= 1, 'Solar derate is a share 0–1');
  }
  let resolvedBattery: Battery | null = null;
  if (battery) {
    resolvedBattery = {
      kwh: battery.kwh,
      kw: battery.kw ?? WHAT_IF_DEFAULTS.batteryKw,
      roundTripEfficiency: battery.roundTripEfficiency ?? WHAT_IF_DEFAULTS.roundTripEfficiency,
      mode: battery.mode ?? WHAT_IF_DEFAULTS.batteryMode,
    };
    check(resolvedBattery.kwh > 0 && resolvedBattery.kw > 0, 'Battery kWh and kW must be positive');
    check(
      resolvedBattery.roundTripEfficiency > 0 && resolvedBattery.roundTripEfficiency <= 1,
      'Battery round-trip efficiency is a share 0–1',
    );
  }
  if (shift) check(shift.share >= 0 && shift.share <= 1, 'The shifted share is 0–1');
  return {
    ev: resolvedEv,
    solar: resolvedSolar,
    battery: resolvedBattery,
    shift: shift ? { share: shift.share } : null,
  };
}

export function hasWhatIfs(assumptions: WhatIfAssumptions): boolean {
  return Boolean(assumptions.ev || assumptions.solar || assumptions.battery || assumptions.shift);
}

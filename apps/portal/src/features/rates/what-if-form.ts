// The /gridx form's what-ifs as the customer types them (strings, each what-if on or off) ⇄ the
// request the server prices and the assumptions a saved result carries. Pure, so the checks that
// run as the customer types are unit-tested; the server checks the same bounds again.

import type { WhatIfAssumptions, WhatIfRequest } from '@gridfront/contracts/rate-comparison';
import { type BatteryMode, WHAT_IF_LIMITS } from '@gridfront/contracts/rate-comparison-basics';

export interface WhatIfForm {
  ev: {
    on: boolean;
    milesPerYear: string;
    kwhPerMile: string;
    chargerKw: string;
    startHour: string;
    endHour: string;
  };
  solar: { on: boolean; kw: string; tiltDeg: string; azimuthDeg: string };
  battery: { on: boolean; kwh: string; kw: string; mode: BatteryMode };
  /** Percent of peak-hour use moved (the request carries a share 0–1). */
  shift: { on: boolean; percent: string };
}

/** Field path → key of the message under `form.errors` in the rates texts. */
export type WhatIfErrors = Partial<Record<string, string>>;

/** What the form starts with: the server's own defaults, and a typical household's figures. */
export const EMPTY_FORM: WhatIfForm = {
  ev: {
    on: false,
    milesPerYear: '12000',
    kwhPerMile: '0.3',
    chargerKw: '7.2',
    startHour: '22',
    endHour: '6',
  },
  solar: { on: false, kw: '6', tiltDeg: '20', azimuthDeg: '180' },
  battery: { on: false, kwh: '13.5', kw: '5', mode: 'self-consumption' },
  shift: { on: false, percent: '20' },
};

const text = (value: number) => String(Math.round(value * 1000) / 1000);

/** A saved result's assumptions as the form shows them, to change and compare again. */
export function formFromAssumptions(assumptions: WhatIfAssumptions): WhatIfForm {
  const { ev, solar, battery, shift } = assumptions;
  return {
    ev: ev
      ? {
          on: true,
          milesPerYear: text(ev.milesPerYear),
          kwhPerMile: text(ev.kwhPerMile),
          chargerKw: text(ev.chargerKw),
          startHour: String(ev.startHour),
          endHour: String(ev.endHour),
        }
      : EMPTY_FORM.ev,
    solar: solar
      ? { on: true, kw: text(solar.kw), tiltDeg: text(solar.tiltDeg), azimuthDeg: text(solar.azimuthDeg) }
      : EMPTY_FORM.solar,
    battery: battery
      ? { on: true, kwh: text(battery.kwh), kw: text(battery.kw), mode: battery.mode }
      : EMPTY_FORM.battery,
    shift: shift ? { on: true, percent: text(shift.share * 100) } : EMPTY_FORM.shift,
  };
}

function numberIn(
  raw: string,
  bounds: { min: number; max: number },
  path: string,
  errorKey: string,
  errors: WhatIfErrors,
): number {
  // A comma is a decimal mark in es, de and ta; thousands separators are not needed in these fields.
  const value = Number(raw.trim().replace(',', '.'));
  if (raw.trim() === '' || !Number.isFinite(value) || value < bounds.min || value > bounds.max) {
    errors[path] = errorKey;
  }
  return value;
}

const HOURS = { min: 0, max: 23 };
const TILT = { min: 0, max: 90 };
const AZIMUTH = { min: 0, max: 360 };

/** The request for the what-ifs that are on, or the errors of their fields (keyed by field path). */
export function requestFromForm(form: WhatIfForm): { whatIfs: WhatIfRequest; errors: WhatIfErrors } {
  const errors: WhatIfErrors = {};
  const whatIfs: WhatIfRequest = {};
  if (form.ev.on) {
    whatIfs.ev = {
      milesPerYear: numberIn(
        form.ev.milesPerYear,
        WHAT_IF_LIMITS.evMilesPerYear,
        'ev.milesPerYear',
        'evMiles',
        errors,
      ),
      kwhPerMile: numberIn(
        form.ev.kwhPerMile,
        WHAT_IF_LIMITS.evKwhPerMile,
        'ev.kwhPerMile',
        'evKwhPerMile',
        errors,
      ),
      chargerKw: numberIn(form.ev.chargerKw, WHAT_IF_LIMITS.evChargerKw, 'ev.chargerKw', 'evCharger', errors),
      startHour: numberIn(form.ev.startHour, HOURS, 'ev.startHour', 'hour', errors),
      endHour: numberIn(form.ev.endHour, HOURS, 'ev.endHour', 'hour', errors),
    };
  }
  if (form.solar.on) {
    whatIfs.solar = {
      kw: numberIn(form.solar.kw, WHAT_IF_LIMITS.solarKw, 'solar.kw', 'solarKw', errors),
      tiltDeg: numberIn(form.solar.tiltDeg, TILT, 'solar.tiltDeg', 'tilt', errors),
      azimuthDeg: numberIn(form.solar.azimuthDeg, AZIMUTH, 'solar.azimuthDeg', 'azimuth', errors),
    };
  }
  if (form.battery.on) {
    whatIfs.battery = {
      kwh: numberIn(form.battery.kwh, WHAT_IF_LIMITS.batteryKwh, 'battery.kwh', 'batteryKwh', errors),
      kw: numberIn(form.battery.kw, WHAT_IF_LIMITS.batteryKw, 'battery.kw', 'batteryKw', errors),
      mode: form.battery.mode,
    };
  }
  if (form.shift.on) {
    const percent = { min: WHAT_IF_LIMITS.shiftShare.min * 100, max: WHAT_IF_LIMITS.shiftShare.max * 100 };
    const share = numberIn(form.shift.percent, percent, 'shift.percent', 'shift', errors) / 100;
    whatIfs.shift = { share: Math.round(share * 10_000) / 10_000 };
  }
  return { whatIfs, errors };
}

import { describe, expect, it } from 'vitest';
import { EMPTY_FORM, formFromAssumptions, requestFromForm } from './what-if-form.ts';

describe('the what-if form', () => {
  it('asks for nothing while every what-if is off', () => {
    expect(requestFromForm(EMPTY_FORM)).toEqual({ whatIfs: {}, errors: {} });
  });

  it('turns the fields of the what-ifs that are on into the request, commas as decimal marks', () => {
    const form = {
      ...EMPTY_FORM,
      ev: { ...EMPTY_FORM.ev, on: true, kwhPerMile: '0,28' },
      shift: { on: true, percent: '15' },
    };
    expect(requestFromForm(form)).toEqual({
      whatIfs: {
        ev: { milesPerYear: 12_000, kwhPerMile: 0.28, chargerKw: 7.2, startHour: 22, endHour: 6 },
        shift: { share: 0.15 },
      },
      errors: {},
    });
  });

  it('names each field out of bounds, and only those of what-ifs that are on', () => {
    const form = {
      ...EMPTY_FORM,
      ev: { ...EMPTY_FORM.ev, on: true, milesPerYear: '100', endHour: '24' },
      solar: { ...EMPTY_FORM.solar, on: true, kw: '', azimuthDeg: '400' },
      battery: { ...EMPTY_FORM.battery, kwh: '9999' },
    };
    expect(requestFromForm(form).errors).toEqual({
      'ev.milesPerYear': 'evMiles',
      'ev.endHour': 'hour',
      'solar.kw': 'solarKw',
      'solar.azimuthDeg': 'azimuth',
    });
  });

  it('shows a saved result’s assumptions to change, and asks for them again unchanged', () => {
    const assumptions = {
      ev: { milesPerYear: 9000, kwhPerMile: 0.3, chargerKw: 11.5, startHour: 0, endHour: 5 },
      solar: { kw: 7.5, tiltDeg: 25, azimuthDeg: 200, systemDerate: 0.82 },
      battery: null,
      shift: { share: 0.25 },
    };
    const form = formFromAssumptions(assumptions);
    expect(form.battery.on).toBe(false);
    expect(form.shift.percent).toBe('25');
    expect(requestFromForm(form).whatIfs).toEqual({
      ev: assumptions.ev,
      solar: { kw: 7.5, tiltDeg: 25, azimuthDeg: 200 },
      shift: { share: 0.25 },
    });
  });
});

// Who the demo customers are: a deterministic plan per account index, drawn from the seed.
// Each account has its own generator, so account i is the same whatever the number of accounts.
import type { PropertyType, UtilityType } from '@gridfront/contracts';
import { luhnCheckDigit } from '@gridfront/contracts/payment-sources';
import type { ElectricLoadProfile } from '../domain/load-profile/electric-load.ts';
import type { GasProfile, WaterProfile } from '../domain/load-profile/monthly-usage.ts';
import { hashSeed, mulberry32, pick, type Random, randomInt } from '../domain/random/prng.ts';
import { BUSINESSES, FIRST_NAMES, LAST_NAMES, STREET_KINDS, STREETS } from './demo-names.ts';
import type { DemoTariffCode } from './demo-tariffs.ts';
import { DEMO_ACCOUNT_PIN, DEMO_LOGIN, DEMO_SERVICE_AREA, EXTRA_DEMO_USERS } from './demo-tenant.ts';

export type PayerHabit = 'autopay' | 'prompt' | 'late' | 'delinquent';
export type PayMethod = 'card' | 'ach' | 'check';

export interface PremisePlan {
  serviceAddress: string;
  city: string;
  state: string;
  zip: string;
  propertyType: PropertyType;
  squareFeet: number;
  occupants: number;
  yearBuilt: number;
  heating: 'gas furnace' | 'heat pump' | 'electric furnace';
  hasSolar: boolean;
  solarKw: number | null;
  hasEv: boolean;
  latitude: number;
  longitude: number;
}

export interface AccountPlan {
  index: number;
  accountNumber: string;
  pin: string;
  holderName: string;
  email: string;
  phone: string;
  mailingAddress: string;
  city: string;
  state: string;
  zip: string;
  paperless: boolean;
  /** Years the account has been open before the data range starts. */
  yearsOpen: number;
  premise: PremisePlan;
  utilities: UtilityType[];
  electricTariff: Extract<DemoTariffCode, 'E-RS' | 'E-TOU' | 'E-GS'>;
  load: ElectricLoadProfile;
  gas: GasProfile | null;
  water: WaterProfile | null;
  payer: PayerHabit;
  payMethod: PayMethod;
}

/** Account numbers are 10 digits: a 9-digit sequence and a Luhn check digit. */
export function accountNumberFor(index: number): string {
  const body = String(310_000_000 + index);
  return `${body}${luhnCheckDigit(body)}`;
}

/**
 * PINs of generated accounts come from a small pool so that seeding hashes each distinct PIN
 * once (argon2id costs ~30 ms a hash); the demo account's PIN is fixed.
 */
export const PIN_POOL_SIZE = 16;
export function pinFor(seed: number, index: number): string {
  if (index === 0) return DEMO_ACCOUNT_PIN;
  const slot = index % PIN_POOL_SIZE;
  return String(hashSeed(seed, 'pin', slot) % 10_000).padStart(4, '0');
}

function chance(random: Random, probability: number): boolean {
  return random() < probability;
}

function propertyTypeFor(random: Random): PropertyType {
  const r = random();
  if (r < 0.78) return 'Residential';
  if (r < 0.86) return 'Multi-Family';
  if (r < 0.95) return 'Commercial';
  if (r < 0.97) return 'Medical';
  return 'Industrial';
}

function residentialLoad(random: Random, premise: PremisePlan): ElectricLoadProfile {
  const size = premise.squareFeet / 1800;
  const electricHeat = premise.heating !== 'gas furnace';
  return {
    segment: 'residential',
    baseLoadKw: 0.15 + 0.2 * random() + 0.08 * size,
    activityKw: (0.5 + 0.25 * premise.occupants) * (0.8 + 0.4 * random()),
    heatingKwPerHdd: electricHeat ? (premise.heating === 'heat pump' ? 0.05 : 0.09) * size : 0.008 * size,
    coolingKwPerCdd: (0.06 + 0.07 * random()) * size,
    ev: premise.hasEv
      ? { chargeKw: chance(random, 0.7) ? 7.2 : 3.3, dailyKwh: 8 + 10 * random(), startHour: 22 }
      : null,
    solarKw: premise.solarKw ?? 0,
    noise: 0.25,
  };
}

function commercialLoad(random: Random, premise: PremisePlan): ElectricLoadProfile {
  const scale = premise.squareFeet / 5000;
  const industrial = premise.propertyType === 'Industrial' ? 2.5 : 1;
  return {
    segment: 'commercial',
    baseLoadKw: (2 + 4 * random()) * scale * industrial,
    activityKw: (8 + 10 * random()) * scale * industrial,
    heatingKwPerHdd: premise.heating === 'gas furnace' ? 0.05 * scale : 0.3 * scale,
    coolingKwPerCdd: (0.5 + 0.4 * random()) * scale,
    ev: null,
    solarKw: premise.solarKw ?? 0,
    noise: 0.12,
  };
}

function phoneFor(random: Random): string {
  return `(${DEMO_SERVICE_AREA.areaCode}) ${randomInt(random, 200, 989)}-${String(randomInt(random, 0, 9999)).padStart(4, '0')}`;
}

export function planAccount(seed: number, index: number): AccountPlan {
  const random = mulberry32(hashSeed(seed, 'account', index));
  const first = pick(random, FIRST_NAMES);
  const last = pick(random, LAST_NAMES);
  let propertyType = propertyTypeFor(random);
  const business =
    propertyType === 'Commercial' || propertyType === 'Industrial' || propertyType === 'Medical';
  let holderName = business ? `${last} ${pick(random, BUSINESSES)}` : `${first} ${last}`;
  let email = `${first}.${last}.${index}@example.com`
    .toLowerCase()
    .normalize('NFD')
    .replace(/[^a-z0-9.@]/g, '');
  const zip = pick(random, DEMO_SERVICE_AREA.zips);
  const serviceAddress = `${randomInt(random, 100, 9899)} ${pick(random, STREETS)} ${pick(random, STREET_KINDS)}${
    propertyType === 'Multi-Family' ? ` Apt ${randomInt(random, 1, 24)}` : ''
  }`;
  const squareFeet = business
    ? randomInt(random, 2500, 12_000)
    : propertyType === 'Multi-Family'
      ? randomInt(random, 650, 1300)
      : randomInt(random, 1000, 3400);
  const residential = !business;
  let hasSolar = residential && propertyType === 'Residential' ? chance(random, 0.16) : chance(random, 0.05);
  let hasEv = residential && chance(random, 0.12);
  const heating = chance(random, 0.62)
    ? 'gas furnace'
    : chance(random, 0.7)
      ? 'heat pump'
      : 'electric furnace';
  const premise: PremisePlan = {
    serviceAddress,
    city: DEMO_SERVICE_AREA.city,
    state: DEMO_SERVICE_AREA.state,
    zip,
    propertyType,
    squareFeet,
    occupants: business ? randomInt(random, 4, 40) : randomInt(random, 1, 5),
    yearBuilt: randomInt(random, 1925, 2022),
    heating,
    hasSolar,
    solarKw: hasSolar ? Math.round((business ? 15 + 40 * random() : 4 + 6 * random()) * 10) / 10 : null,
    hasEv,
    latitude: Math.round((38.55 + 0.15 * random()) * 1e5) / 1e5,
    longitude: Math.round((-90.35 + 0.2 * random()) * 1e5) / 1e5,
  };
  const utilities: UtilityType[] = ['electricity'];
  const hasGas = heating === 'gas furnace' || chance(random, 0.2);
  if (hasGas) utilities.push('gas');
  if (chance(random, 0.9)) utilities.push('water', 'sewer');
  const payerDraw = random();
  let payer: PayerHabit =
    payerDraw < 0.27 ? 'autopay' : payerDraw < 0.8 ? 'prompt' : payerDraw < 0.96 ? 'late' : 'delinquent';
  let payMethod: PayMethod = chance(random, 0.55) ? 'card' : chance(random, 0.8) ? 'ach' : 'check';
  if (payer === 'autopay' && payMethod === 'check') payMethod = 'ach';

  // Fixed identities of the demo logins.
  if (index === 0) {
    holderName = DEMO_LOGIN.fullName;
    email = DEMO_LOGIN.email;
    propertyType = 'Residential';
    premise.propertyType = 'Residential';
    premise.squareFeet = 2150;
    premise.occupants = 3;
    premise.heating = 'gas furnace';
    premise.hasSolar = hasSolar = true;
    premise.solarKw = 8.4;
    premise.hasEv = hasEv = true;
    premise.serviceAddress = '418 Magnolia Ave';
    utilities.splice(0, utilities.length, 'electricity', 'gas', 'water', 'sewer');
    payer = 'prompt';
    payMethod = 'card';
  } else {
    const extra = EXTRA_DEMO_USERS.find((user) => user.accountIndex === index);
    if (extra) {
      email = extra.email;
      if (index === 3) {
        propertyType = premise.propertyType = 'Commercial';
        holderName = 'Lee Family Bakery';
        premise.squareFeet = 3600;
        premise.occupants = 9;
        premise.hasSolar = hasSolar = false;
        premise.solarKw = null;
        premise.hasEv = hasEv = false;
        premise.serviceAddress = '77 Ferry St';
        utilities.splice(0, utilities.length, 'electricity', 'gas', 'water', 'sewer');
      } else {
        holderName = extra.fullName;
        propertyType = premise.propertyType = index === 2 ? 'Multi-Family' : 'Residential';
        if (index === 2) utilities.splice(0, utilities.length, 'electricity', 'water', 'sewer');
        if (index === 1) utilities.splice(0, utilities.length, 'electricity', 'gas', 'water', 'sewer');
        payer = index === 1 ? 'autopay' : 'late';
        payMethod = 'ach';
      }
    }
  }

  const commercial =
    propertyType === 'Commercial' || propertyType === 'Industrial' || propertyType === 'Medical';
  const load = commercial ? commercialLoad(random, premise) : residentialLoad(random, premise);
  const electricTariff = commercial ? 'E-GS' : hasEv || chance(random, 0.2) ? 'E-TOU' : 'E-RS';
  const gas: GasProfile | null = utilities.includes('gas')
    ? {
        baseThermsPerDay: commercial ? 2 + 4 * random() : 0.35 + 0.15 * premise.occupants,
        thermsPerHdd:
          premise.heating === 'gas furnace'
            ? (commercial ? 0.5 : 0.11) * (premise.squareFeet / 1800) ** 0.8
            : 0,
      }
    : null;
  const water: WaterProfile | null = utilities.includes('water')
    ? {
        indoorGallonsPerDay: commercial
          ? 150 + 25 * premise.occupants
          : 45 * premise.occupants + 20 * random(),
        irrigationGallonsPerDay: propertyType === 'Residential' ? 60 + 140 * random() : 0,
      }
    : null;

  return {
    index,
    accountNumber: accountNumberFor(index),
    pin: pinFor(seed, index),
    holderName,
    email,
    phone: phoneFor(random),
    mailingAddress: premise.serviceAddress,
    city: premise.city,
    state: premise.state,
    zip: premise.zip,
    paperless: chance(random, 0.45),
    yearsOpen: randomInt(random, 1, 18),
    premise,
    utilities,
    // The demo home charges an EV overnight and has panels: it is on time of use, as such a home would be.
    electricTariff: index === 0 ? 'E-TOU' : electricTariff,
    load: index === 0 ? { ...load, ev: { chargeKw: 7.2, dailyKwh: 11, startHour: 22 }, solarKw: 8.4 } : load,
    gas,
    water,
    payer,
    payMethod,
  };
}

// The rate comparison's messages and the what-ifs' bounds, in a module without zod so that the
// /gridx form can check the bounds as the customer types and word the server's messages without
// loading the contract first (the server checks the same bounds with it).

export const rateComparisonMessages = {
  notFound: 'Comparison not found',
  accountNotFound: 'Account not found',
  noIntervalData: 'This account has no electric interval meter to compare plans with',
  notEnoughData: 'There is not enough usage data to compare plans yet',
  planNotOffered: 'This plan is not part of the comparison',
  planWithdrawn: 'The utility no longer offers this plan',
  alreadyOnPlan: 'You are already on this plan',
  uploadNotFound: 'Upload not found',
  uploadNotElectric: 'The uploaded file has no electricity usage',
  switchRequested: 'Your request to switch plans was sent',
  switchAlreadyOpen: 'A request to switch plans is already open ({reference})',
} as const;

/** Bounds a household what-if stays within: beyond them the figures would mean nothing. */
export const WHAT_IF_LIMITS = {
  evMilesPerYear: { min: 500, max: 60_000 },
  evKwhPerMile: { min: 0.15, max: 0.6 },
  evChargerKw: { min: 1.4, max: 19.2 },
  solarKw: { min: 0.5, max: 25 },
  batteryKwh: { min: 1, max: 60 },
  batteryKw: { min: 1, max: 25 },
  shiftShare: { min: 0.05, max: 0.5 },
} as const;

export const BATTERY_MODES = ['self-consumption', 'time-of-use'] as const;
export type BatteryMode = (typeof BATTERY_MODES)[number];

import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { priceBillingPeriod } from './price-billing-period.ts';
import { july2024, schedule } from './test-kit.ts';
import { readUrdbRecord, type UrdbRateStructure, validateUrdbRecord } from './urdb.ts';

const base = { energyratestructure: [[{ rate: 0.1 }]] };
const rejects = (extra: Record<string, unknown>, field: RegExp) => {
  expect(() => readUrdbRecord({ ...base, ...extra })).toThrow(field);
};

describe('fields that change the price but are not implemented are named, never skipped', () => {
  it('rejects coincident peak charges and demand in hp or kVA', () => {
    rejects(
      { coincidentratestructure: [[{ rate: 3 }]], coincidentrateschedule: schedule(() => 0) },
      /coincidentratestructure/,
    );
    rejects({ demandrateunit: 'hp' }, /demandrateunit.*"hp"/);
    rejects({ flatdemandunit: 'kVA' }, /flatdemandunit.*"kVA"/);
    rejects({ demandreactivepowercharge: 2.7 }, /demandreactivepowercharge/);
    rejects({ demandwindow: 30 }, /demandwindow/);
  });

  it('rejects unknown fields, tier fields, units and rules', () => {
    rejects({ seasonalcredit: 5 }, /seasonalcredit/);
    rejects(
      { energyratestructure: [[{ rate: 0.1, unit: 'therms' }]] },
      /energyratestructure\[0\]\[0\]\.unit.*"therms"/,
    );
    rejects(
      { energyratestructure: [[{ rate: 0.1, discount: 0.01 }]] },
      /energyratestructure\[0\]\[0\]\.discount/,
    );
    rejects({ demandratestructure: [[{ rate: 5, unit: 'kVA' }]] }, /demandratestructure\[0\]\[0\]\.unit/);
    rejects({ fixedchargeunits: '$/week', fixedchargefirstmeter: 1 }, /fixedchargeunits/);
    rejects({ minchargeunits: '$/bill', mincharge: 1 }, /minchargeunits/);
    rejects({ dgrules: 'Feed-in Tariff' }, /dgrules/);
  });

  it('rejects schedules that point at missing periods and ratchets given as percents', () => {
    rejects({ energyweekdayschedule: schedule(() => 1) }, /energyweekdayschedule.*period 1/);
    rejects(
      { flatdemandstructure: [[{ rate: 5 }]], flatdemandmonths: new Array(12).fill(2) },
      /flatdemandmonths/,
    );
    rejects(
      {
        flatdemandstructure: [[{ rate: 5 }]],
        flatdemandmonths: new Array(12).fill(0),
        demandratchetpercentage: new Array(12).fill(35),
      },
      /demandratchetpercentage/,
    );
    // A ratchet with only TOU demand would be silently unused: rejected.
    rejects(
      {
        demandratestructure: [[{ rate: 5 }]],
        demandweekdayschedule: schedule(() => 0),
        demandweekendschedule: schedule(() => 0),
        demandratchetpercentage: new Array(12).fill(0.5),
      },
      /demandratchetpercentage/,
    );
  });

  it('checks tariffs handed straight to priceBillingPeriod too', () => {
    const tariff = { ...base, demandrateunit: 'hp' } as UrdbRateStructure;
    expect(() => priceBillingPeriod(tariff, { kind: 'total', quantity: 1 }, july2024)).toThrow(
      /demandrateunit/,
    );
  });

  it('accepts metadata and eligibility fields, and reports the foreign fields it ignores', () => {
    const record = {
      ...base,
      label: '5a0b28045457a3ea2aca608e',
      uri: 'https://apps.openei.org/IURDB/rate/view/5a0b28045457a3ea2aca608e',
      approved: true,
      revisions: [1, 2],
      startdate: 1_433_116_800,
      energyattrs: [{ 'Voltage Discount': '$-0.001/kWh' }],
      peakkwcapacitymin: 20,
      demandrateunit: 'kW',
      coincidentrateunit: 'kW',
    };
    expect(validateUrdbRecord(readUrdbRecord(record))).toEqual([]);
    const lbnl = readUrdbRecord({ ...base, pdp_charge_energy: [1.2] });
    expect(validateUrdbRecord(lbnl).map((note) => note.field)).toEqual(['pdp_charge_energy']);
  });

  it('rejects a multi-period structure without its schedule', () => {
    rejects({ energyratestructure: [[{ rate: 0.1 }], [{ rate: 0.2 }]] }, /energyweekdayschedule is missing/);
    rejects({ flatdemandstructure: [[{ rate: 1 }], [{ rate: 2 }]] }, /flatdemandmonths is missing/);
  });

  it('reads null fields of API responses as absent', () => {
    const record = readUrdbRecord({
      items: [{ ...base, demandrateunit: null, mincharge: null, dgrules: null }],
    });
    expect(record).toEqual(base);
  });

  it('accepts all six sample records', () => {
    const folder = new URL('./fixtures/urdb/', import.meta.url);
    const files = [
      'demand_tou_commercial_SCE_GS-2_TOU_B_55fc81d7682bea28da64f9ae.json',
      'flat_energy_seasonal_demand_residential_PSCo_RD_5a679442682bea21e990a0d4.json',
      'tiered_kwh_per_kw_industrial_SouthCentralPPD_LP1_539f6a23ec4f024411ec8beb.json',
      'tiered_residential_JacksonEMC_5a0b28045457a3ea2aca608e.json',
      'tou_commercial_PGE_A-6_5a33097a682bea356b2e13f2.json',
      'tou_tiered_residential_PGE_E-TOU-C3_RegionP_5d6eba3a5457a39b2f466f68.json',
    ];
    for (const file of files) {
      expect(() => readUrdbRecord(JSON.parse(readFileSync(new URL(file, folder), 'utf8')))).not.toThrow();
    }
  });
});

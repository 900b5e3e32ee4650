// The demo utility's rate book, in URDB shape so that one engine prices every bill.
import type { UrdbRateStructure } from '../domain/tariffs/urdb.ts';

export type DemoTariffCode =
  | 'E-RS'
  | 'E-TOU'
  | 'E-GS'
  | 'E-FLAT'
  | 'E-EV'
  | 'E-SOLAR'
  | 'E-LGS'
  | 'G-RS'
  | 'W-RS'
  | 'S-RS';

export interface DemoTariff {
  code: DemoTariffCode;
  name: string;
  utilityType: 'electricity' | 'gas' | 'water' | 'sewer';
  sector: string;
  description: string;
  structure: UrdbRateStructure;
}

const SUMMER = [5, 6, 7, 8]; // June–September (0-based months)

/** A 12 × 24 schedule from a function of (month, hour). */
function schedule(periodOf: (month: number, hour: number) => number): number[][] {
  return Array.from({ length: 12 }, (_, month) =>
    Array.from({ length: 24 }, (_, hour) => periodOf(month, hour)),
  );
}

const seasonal = schedule((month) => (SUMMER.includes(month) ? 1 : 0));
// On-peak 3 pm – 8 pm on summer weekdays, 6 am – 9 am and 5 pm – 8 pm on winter weekdays.
const touWeekday = schedule((month, hour) => {
  if (SUMMER.includes(month)) return hour >= 15 && hour < 20 ? 1 : 0;
  return (hour >= 6 && hour < 9) || (hour >= 17 && hour < 20) ? 3 : 2;
});
const touWeekend = schedule((month) => (SUMMER.includes(month) ? 0 : 2));
// Commercial: summer on-peak noon – 6 pm weekdays.
const commercialWeekday = schedule((month, hour) =>
  SUMMER.includes(month) && hour >= 12 && hour < 18 ? 1 : 0,
);
const allOffPeak = schedule(() => 0);
// EV plan: super off-peak midnight – 6 am every day; on-peak 4 pm – 9 pm on weekdays (summer dearer).
const evWeekday = schedule((month, hour) => {
  if (hour < 6) return 0;
  if (hour >= 16 && hour < 21) return SUMMER.includes(month) ? 2 : 3;
  return 1;
});
const evWeekend = schedule((_month, hour) => (hour < 6 ? 0 : 1));
// Large general service: summer on-peak noon – 7 pm weekdays, winter on-peak 7 am – noon weekdays.
const largeWeekday = schedule((month, hour) => {
  if (SUMMER.includes(month)) return hour >= 12 && hour < 19 ? 1 : 0;
  return hour >= 7 && hour < 12 ? 2 : 0;
});

/** Net billing: exported solar is credited at the utility's avoided cost. */
const EXPORT_CREDIT = 0.0452;

export const DEMO_TARIFFS: DemoTariff[] = [
  {
    code: 'E-RS',
    name: 'Residential Service',
    utilityType: 'electricity',
    sector: 'Residential',
    description:
      'Standard residential electric rate. Energy is billed in blocks; in summer the block above 1,000 kWh costs more to encourage conservation. Solar exports are credited at the avoided-cost rate.',
    structure: {
      name: 'Residential Service (E-RS)',
      sector: 'Residential',
      dgrules: 'Net Billing Instantaneous',
      fixedchargefirstmeter: 12,
      fixedchargeunits: '$/month',
      fixedchargename: 'Customer charge',
      energyratestructure: [
        [
          { max: 750, rate: 0.1012, adj: 0.0124, unit: 'kWh' },
          { rate: 0.0868, adj: 0.0124, unit: 'kWh' },
        ],
        [
          { max: 1000, rate: 0.1074, adj: 0.0124, unit: 'kWh' },
          { rate: 0.1321, adj: 0.0124, unit: 'kWh' },
        ],
      ],
      energyweekdayschedule: seasonal,
      energyweekendschedule: seasonal,
      energyperiodnames: ['winter', 'summer'],
      exportcreditrate: EXPORT_CREDIT,
      usageunit: 'kWh',
    },
  },
  {
    code: 'E-TOU',
    name: 'Residential Time-of-Use',
    utilityType: 'electricity',
    sector: 'Residential',
    description:
      'Time-of-use residential rate: cheaper energy off-peak, higher prices from 3 pm to 8 pm on summer weekdays and in the winter morning and evening peaks. Suits EV owners who charge overnight.',
    structure: {
      name: 'Residential Time-of-Use (E-TOU)',
      sector: 'Residential',
      dgrules: 'Net Billing Instantaneous',
      fixedchargefirstmeter: 14,
      fixedchargeunits: '$/month',
      fixedchargename: 'Customer charge',
      energyratestructure: [
        [{ rate: 0.0792, adj: 0.0124, unit: 'kWh' }],
        [{ rate: 0.2689, adj: 0.0124, unit: 'kWh' }],
        [{ rate: 0.0835, adj: 0.0124, unit: 'kWh' }],
        [{ rate: 0.1788, adj: 0.0124, unit: 'kWh' }],
      ],
      energyweekdayschedule: touWeekday,
      energyweekendschedule: touWeekend,
      energyperiodnames: ['summer off-peak', 'summer on-peak', 'winter off-peak', 'winter on-peak'],
      exportcreditrate: EXPORT_CREDIT,
      usageunit: 'kWh',
    },
  },
  {
    code: 'E-GS',
    name: 'General Service with Demand',
    utilityType: 'electricity',
    sector: 'Commercial',
    description:
      'Commercial and industrial electric rate with a monthly demand charge on the highest 15-minute demand and a summer on-peak demand charge from noon to 6 pm on weekdays.',
    structure: {
      name: 'General Service with Demand (E-GS)',
      sector: 'Commercial',
      fixedchargefirstmeter: 45,
      fixedchargeunits: '$/month',
      fixedchargename: 'Customer charge',
      energyratestructure: [
        [{ rate: 0.0714, adj: 0.0118, unit: 'kWh' }],
        [{ rate: 0.0937, adj: 0.0118, unit: 'kWh' }],
      ],
      energyweekdayschedule: commercialWeekday,
      energyweekendschedule: allOffPeak,
      energyperiodnames: ['off-peak', 'summer on-peak'],
      flatdemandstructure: [[{ rate: 9.85 }], [{ rate: 12.4 }]],
      flatdemandmonths: Array.from({ length: 12 }, (_, month) => (SUMMER.includes(month) ? 1 : 0)),
      demandratestructure: [[{ rate: 0 }], [{ rate: 4.75 }]],
      demandweekdayschedule: commercialWeekday,
      demandweekendschedule: allOffPeak,
      demandperiodnames: ['off-peak', 'summer on-peak'],
      exportcreditrate: EXPORT_CREDIT,
      usageunit: 'kWh',
    },
  },
  {
    code: 'E-FLAT',
    name: 'Residential Flat Rate',
    utilityType: 'electricity',
    sector: 'Residential',
    description:
      'One price for every kilowatt-hour, all year and at any hour: the simplest residential plan, for households that want a predictable bill. Solar exports are credited at the avoided-cost rate.',
    structure: {
      name: 'Residential Flat Rate (E-FLAT)',
      sector: 'Residential',
      dgrules: 'Net Billing Instantaneous',
      fixedchargefirstmeter: 10,
      fixedchargeunits: '$/month',
      fixedchargename: 'Customer charge',
      energyratestructure: [[{ rate: 0.1189, adj: 0.0124, unit: 'kWh' }]],
      energyweekdayschedule: allOffPeak,
      energyweekendschedule: allOffPeak,
      energyperiodnames: ['all hours'],
      exportcreditrate: EXPORT_CREDIT,
      usageunit: 'kWh',
    },
  },
  {
    code: 'E-EV',
    name: 'Residential EV Time-of-Use',
    utilityType: 'electricity',
    sector: 'Residential',
    description:
      'For homes with an electric vehicle: a super off-peak price from midnight to 6 am every day for charging, a higher on-peak price from 4 pm to 9 pm on weekdays, and an off-peak price at other hours.',
    structure: {
      name: 'Residential EV Time-of-Use (E-EV)',
      sector: 'Residential',
      dgrules: 'Net Billing Instantaneous',
      fixedchargefirstmeter: 16,
      fixedchargeunits: '$/month',
      fixedchargename: 'Customer charge',
      energyratestructure: [
        [{ rate: 0.0465, adj: 0.0124, unit: 'kWh' }],
        [{ rate: 0.1078, adj: 0.0124, unit: 'kWh' }],
        [{ rate: 0.2891, adj: 0.0124, unit: 'kWh' }],
        [{ rate: 0.1994, adj: 0.0124, unit: 'kWh' }],
      ],
      energyweekdayschedule: evWeekday,
      energyweekendschedule: evWeekend,
      energyperiodnames: ['super off-peak', 'off-peak', 'summer on-peak', 'winter on-peak'],
      exportcreditrate: EXPORT_CREDIT,
      usageunit: 'kWh',
    },
  },
  {
    code: 'E-SOLAR',
    name: 'Residential Solar Net Metering',
    utilityType: 'electricity',
    sector: 'Residential',
    description:
      'For homes with rooftop solar: energy sent to the grid offsets energy taken from it kilowatt-hour for kilowatt-hour, and a surplus carries to the next bill. A higher customer charge covers the grid the home still relies on.',
    structure: {
      name: 'Residential Solar Net Metering (E-SOLAR)',
      sector: 'Residential',
      dgrules: 'Net Metering',
      fixedchargefirstmeter: 24,
      fixedchargeunits: '$/month',
      fixedchargename: 'Customer and grid access charge',
      energyratestructure: [
        [{ rate: 0.1146, adj: 0.0124, unit: 'kWh' }],
        [{ rate: 0.1318, adj: 0.0124, unit: 'kWh' }],
      ],
      energyweekdayschedule: seasonal,
      energyweekendschedule: seasonal,
      energyperiodnames: ['winter', 'summer'],
      usageunit: 'kWh',
    },
  },
  {
    code: 'E-LGS',
    name: 'Large General Service with Demand',
    utilityType: 'electricity',
    sector: 'Commercial',
    description:
      'For larger businesses: lower energy prices, time-of-use energy in the summer afternoon and winter morning peaks, and a monthly demand charge on the highest 15-minute demand, never below 60% of the highest of the previous 11 months.',
    structure: {
      name: 'Large General Service with Demand (E-LGS)',
      sector: 'Commercial',
      fixedchargefirstmeter: 150,
      fixedchargeunits: '$/month',
      fixedchargename: 'Customer charge',
      energyratestructure: [
        [{ rate: 0.0561, adj: 0.0118, unit: 'kWh' }],
        [{ rate: 0.0894, adj: 0.0118, unit: 'kWh' }],
        [{ rate: 0.0712, adj: 0.0118, unit: 'kWh' }],
      ],
      energyweekdayschedule: largeWeekday,
      energyweekendschedule: allOffPeak,
      energyperiodnames: ['off-peak', 'summer on-peak', 'winter on-peak'],
      flatdemandstructure: [[{ rate: 12.1 }], [{ rate: 15.75 }]],
      flatdemandmonths: Array.from({ length: 12 }, (_, month) => (SUMMER.includes(month) ? 1 : 0)),
      demandratchetpercentage: new Array<number>(12).fill(0.6),
      exportcreditrate: EXPORT_CREDIT,
      usageunit: 'kWh',
    },
  },
  {
    code: 'G-RS',
    name: 'Natural Gas Service',
    utilityType: 'gas',
    sector: 'Residential',
    description:
      'Natural gas delivery with a declining block after 50 therms, plus the purchased gas adjustment that passes the cost of gas through without markup.',
    structure: {
      name: 'Natural Gas Service (G-RS)',
      fixedchargefirstmeter: 16.5,
      fixedchargeunits: '$/month',
      fixedchargename: 'Customer charge',
      energyratestructure: [
        [
          { max: 50, rate: 0.4125, adj: 0.5218 },
          { rate: 0.3316, adj: 0.5218 },
        ],
      ],
      energychargename: 'Gas delivery and supply',
      usageunit: 'therm',
    },
  },
  {
    code: 'W-RS',
    name: 'Water Service',
    utilityType: 'water',
    sector: 'Residential',
    description:
      'Metered water with inclining blocks per thousand gallons: essential use is cheapest, outdoor watering above 10,000 gallons costs more.',
    structure: {
      name: 'Water Service (W-RS)',
      fixedchargefirstmeter: 9.75,
      fixedchargeunits: '$/month',
      fixedchargename: 'Base charge',
      energyratestructure: [[{ max: 4, rate: 3.85 }, { max: 10, rate: 5.1 }, { rate: 6.95 }]],
      energychargename: 'Water usage',
      usageunit: 'kgal',
    },
  },
  {
    code: 'S-RS',
    name: 'Sewer Service',
    utilityType: 'sewer',
    sector: 'Residential',
    description: 'Wastewater collection and treatment, billed on metered water use per thousand gallons.',
    structure: {
      name: 'Sewer Service (S-RS)',
      fixedchargefirstmeter: 14.25,
      fixedchargeunits: '$/month',
      fixedchargename: 'Base charge',
      energyratestructure: [[{ rate: 6.4 }]],
      energychargename: 'Sewer volume charge',
      usageunit: 'kgal',
    },
  },
];

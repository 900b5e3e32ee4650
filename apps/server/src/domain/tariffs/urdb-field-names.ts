// The URDB fields by what the engine does with them: ignore (metadata), price, or ignore and report.

/** Fields that identify, describe or gate a rate without changing what a given load costs. */
export const METADATA_FIELDS = new Set([
  'label',
  'utility',
  'utility_id',
  'eiaid',
  'name',
  'uri',
  'approved',
  'is_default',
  'startdate',
  'enddate',
  'supersedes',
  'supercedes',
  'sector',
  'servicetype',
  'description',
  'source',
  'sourceparent',
  'basicinformationcomments',
  'energycomments',
  'demandcomments',
  'fixedchargecomments',
  'country',
  'revisions',
  'latest_update',
  'voltagecategory',
  'phasewiring',
  // Eligibility bounds: they decide whether the rate applies, not what it charges.
  'peakkwcapacitymin',
  'peakkwcapacitymax',
  'peakkwcapacityhistory',
  'peakkwhusagemin',
  'peakkwhusagemax',
  'peakkwhusagehistory',
  'voltageminimum',
  'voltagemaximum',
  // Free-text extra charges and credits; every reference calculator ignores them.
  'energyattrs',
  'demandattrs',
  'fixedattrs',
  // Their names in API versions before 4.
  'energykeyvals',
  'demandkeyvals',
  'fixedkeyvals',
  // Gridfront display extensions.
  'energyperiodnames',
  'demandperiodnames',
  'energychargename',
  'fixedchargename',
]);

/** Fields the engine prices (see price-billing-period.ts and its helpers). */
export const PRICED_FIELDS = new Set([
  'dgrules',
  'usenetmetering',
  'energyratestructure',
  'energyweekdayschedule',
  'energyweekendschedule',
  'fueladjustmentsmonthly',
  'demandratestructure',
  'demandweekdayschedule',
  'demandweekendschedule',
  'demandrateunit',
  'demandunits',
  'demandwindow',
  'demandratchetpercentage',
  'lookbackpercent',
  'lookbackrange',
  'lookbackmonths',
  'flatdemandstructure',
  'flatdemandmonths',
  'flatdemandunit',
  'fixedchargefirstmeter',
  'fixedchargeeaaddl',
  'fixedchargeunits',
  'fixedmonthlycharge',
  'mincharge',
  'minchargeunits',
  'minmonthlycharge',
  'annualmincharge',
  'coincidentrateunit',
  'demandreactivepowercharge',
  'coincidentratestructure',
  'coincidentrateschedule',
  // Gridfront extensions.
  'usageunit',
  'exportcreditrate',
]);

/**
 * Fields that are not URDB's: LBNL's elecprice adds its optional Peak Day Pricing overlay
 * (a separate opt-in programme) to its copies of PG&E records. Ignored, but reported.
 */
export const FOREIGN_IGNORED_FIELDS = new Map([
  ['pdp_credit_energyratestructure', "LBNL elecprice's Peak Day Pricing credit, not a URDB field"],
  ['pdp_charge_energy', "LBNL elecprice's Peak Day Pricing event charge, not a URDB field"],
]);

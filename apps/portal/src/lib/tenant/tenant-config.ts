// The tenant's public configuration from GET /api/tenant (contract: tenantConfigResponse), read
// leniently: a missing or malformed field falls back to a safe default instead of breaking the page.
// Plain checks, not zod: the tenant answer is read on every page's first load, and zod loads only
// with the pages that have forms (issue 7).
import { LANGUAGES, type Language, THEME_IDS, type ThemeId } from '@gridfront/contracts/constants';
import type { PaymentPlatform } from '@gridfront/contracts/tenant';

export type { PaymentPlatform };

type Text = string | undefined;

export interface TenantConfig {
  name?: string;
  defaultTheme?: ThemeId;
  /** IANA zone of the utility: bill dates and appointment hours are in it. */
  timeZone?: string;
  /** Language of the utility's own texts; they carry it as their lang, whatever the portal's language. */
  contentLanguage?: string;
  features: string[];
  /** The portal languages the utility offers, its default first (issue 14); every one when unsaid. */
  languages: Language[];
  contact: { phone?: Text; outagePhone?: Text; email?: Text; address?: Text; hours?: Text };
  legal: {
    privacyUrl?: Text;
    termsUrl?: Text;
    privacyPolicy?: Text;
    termsOfUse?: Text;
    electronicPaymentAgreement?: Text;
  };
  fees: { cardFeeBasisPoints?: number; achFeeCents?: number; lateFeeCents?: number };
  paymentPlatforms: PaymentPlatform[];
  /** The administrators' colour overrides on the default theme (issue 14): token -> #rrggbb. */
  brandColors: Record<string, string>;
  /** The side areas the utility offers (issue 14): an area is on unless the answer says false. */
  sideAreas: { insights: boolean; rateComparison: boolean; assistant: boolean };
  /** What AutoPay accepts here: the form offers only these methods and checks the cap. */
  autopay: { methods: ('card' | 'ach')[]; maxWithdrawalCents: number | null };
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function text(value: unknown): Text {
  return typeof value === 'string' ? value : undefined;
}

/** Trimmed, and only when something is left. */
function filledText(value: unknown): Text {
  return typeof value === 'string' && value.trim() ? value.trim() : undefined;
}

function finiteNumber(value: unknown): number | undefined {
  return typeof value === 'number' && Number.isFinite(value) ? value : undefined;
}

function isThemeId(value: unknown): value is ThemeId {
  return typeof value === 'string' && (THEME_IDS as readonly string[]).includes(value);
}

/** Only the keys that are there: an absent field stays absent rather than becoming undefined. */
function defined<T extends Record<string, unknown>>(entries: T): Partial<T> {
  return Object.fromEntries(Object.entries(entries).filter(([, value]) => value !== undefined)) as Partial<T>;
}

function textsOf<K extends string>(raw: unknown, keys: readonly K[]): Partial<Record<K, string>> {
  if (!isRecord(raw)) return {};
  return defined(Object.fromEntries(keys.map((key) => [key, text(raw[key])])) as Record<K, Text>);
}

function paymentPlatformOf(raw: unknown): PaymentPlatform[] {
  if (!isRecord(raw)) return [];
  const { platformKey, name, isEnable } = raw;
  if (typeof platformKey !== 'string' || typeof name !== 'string' || typeof isEnable !== 'boolean') return [];
  return [{ platformKey, name, isEnable }];
}

/** Only `--gf-…` tokens with `#rrggbb` colours: nothing else reaches the page's style. */
function brandColorsOf(raw: unknown): Record<string, string> {
  if (!isRecord(raw)) return {};
  return Object.fromEntries(
    Object.entries(raw).filter(
      (entry): entry is [string, string] =>
        /^--gf-[a-z0-9-]+$/.test(entry[0]) &&
        typeof entry[1] === 'string' &&
        /^#[0-9a-fA-F]{6}$/.test(entry[1]),
    ),
  );
}

function sideAreasOf(raw: unknown): TenantConfig['sideAreas'] {
  const areas = isRecord(raw) ? raw : {};
  return {
    insights: areas.insights !== false,
    rateComparison: areas.rateComparison !== false,
    assistant: areas.assistant !== false,
  };
}

/** Both methods and no cap unless the utility says otherwise (an answer from before the rules). */
function autopayOf(raw: unknown): TenantConfig['autopay'] {
  const rules = isRecord(raw) ? raw : {};
  const methods = Array.isArray(rules.methods)
    ? (['card', 'ach'] as const).filter((method) => (rules.methods as unknown[]).includes(method))
    : [];
  const cap = finiteNumber(rules.maxWithdrawalCents);
  return { methods: methods.length > 0 ? methods : ['card', 'ach'], maxWithdrawalCents: cap ?? null };
}

/** Known codes, each once; none at all means every language (an answer from before languages). */
function offeredLanguagesOf(raw: unknown): Language[] {
  const known = Array.isArray(raw)
    ? raw.filter((code): code is Language => (LANGUAGES as readonly unknown[]).includes(code))
    : [];
  return known.length > 0 ? [...new Set(known)] : [...LANGUAGES];
}

function parseTenantConfig(raw: unknown): TenantConfig {
  const source = isRecord(raw) ? raw : {};
  const features =
    Array.isArray(source.features) && source.features.every((feature) => typeof feature === 'string')
      ? [...source.features]
      : [];
  const fees = isRecord(source.fees) ? source.fees : {};
  return {
    ...defined({
      name: filledText(source.name),
      defaultTheme: isThemeId(source.defaultTheme) ? source.defaultTheme : undefined,
      timeZone: filledText(source.timeZone),
      contentLanguage: filledText(source.contentLanguage),
    }),
    features,
    languages: offeredLanguagesOf(source.languages),
    contact: textsOf(source.contact, ['phone', 'outagePhone', 'email', 'address', 'hours']),
    legal: textsOf(source.legal, [
      'privacyUrl',
      'termsUrl',
      'privacyPolicy',
      'termsOfUse',
      'electronicPaymentAgreement',
    ]),
    fees: defined({
      cardFeeBasisPoints: finiteNumber(fees.cardFeeBasisPoints),
      achFeeCents: finiteNumber(fees.achFeeCents),
      lateFeeCents: finiteNumber(fees.lateFeeCents),
    }),
    paymentPlatforms: Array.isArray(source.paymentPlatforms)
      ? source.paymentPlatforms.flatMap(paymentPlatformOf)
      : [],
    brandColors: brandColorsOf(source.brandColors),
    sideAreas: sideAreasOf(source.sideAreas),
    autopay: autopayOf(source.autopay),
  };
}

export const tenantConfig = { parse: parseTenantConfig };

export const emptyTenantConfig: TenantConfig = tenantConfig.parse(undefined);

/** Spec point 1: the first entry with isEnable true is the active payment platform. */
export function activePaymentPlatform(platforms: readonly PaymentPlatform[]): PaymentPlatform | undefined {
  return platforms.find((platform) => platform.isEnable);
}

// Bill line items in the reader's language. The tariff engine writes each line's description in
// English from the tariff's own names and its tier ("Energy charge, winter, first 750 kWh"): parts
// joined by ", ". Each part the portal knows (the engine's words, the demo tariffs' names, tier
// phrases) is translated; a name a utility wrote itself stays as the utility wrote it.
import type { Language } from './constants.ts';

type Translated = Exclude<Language, 'en'>;

const NAMES: Record<Translated, Record<string, string>> = {
  es: {
    'Customer charge': 'Cargo fijo',
    'Base charge': 'Cargo base',
    'Energy charge': 'Cargo por energía',
    'Gas delivery and supply': 'Distribución y suministro de gas',
    'Water usage': 'Consumo de agua',
    'Sewer volume charge': 'Cargo por volumen de alcantarillado',
    'Solar export credit': 'Crédito por energía solar exportada',
    'Export credit': 'Crédito por energía exportada',
    'Demand charge': 'Cargo por demanda',
    'Demand charge (ratchet)': 'Cargo por demanda (demanda mínima facturable)',
    'Minimum charge adjustment': 'Ajuste al cargo mínimo',
    winter: 'invierno',
    summer: 'verano',
    'off-peak': 'fuera de punta',
    'on-peak': 'en punta',
    'summer off-peak': 'verano fuera de punta',
    'summer on-peak': 'verano en punta',
    'winter off-peak': 'invierno fuera de punta',
    'winter on-peak': 'invierno en punta',
  },
  ta: {
    'Customer charge': 'வாடிக்கையாளர் கட்டணம்',
    'Base charge': 'அடிப்படைக் கட்டணம்',
    'Energy charge': 'மின் ஆற்றல் கட்டணம்',
    'Gas delivery and supply': 'எரிவாயு விநியோகம் மற்றும் வழங்கல்',
    'Water usage': 'நீர் பயன்பாடு',
    'Sewer volume charge': 'கழிவுநீர் அளவுக் கட்டணம்',
    'Solar export credit': 'சூரிய மின் ஏற்றுமதி வரவு',
    'Export credit': 'ஏற்றுமதி வரவு',
    'Demand charge': 'தேவைக் கட்டணம்',
    'Demand charge (ratchet)': 'தேவைக் கட்டணம் (குறைந்தபட்சத் தேவை)',
    'Minimum charge adjustment': 'குறைந்தபட்சக் கட்டணச் சரிசெய்தல்',
    winter: 'குளிர்காலம்',
    summer: 'கோடைக்காலம்',
    'off-peak': 'உச்சமில்லா நேரம்',
    'on-peak': 'உச்ச நேரம்',
    'summer off-peak': 'கோடை உச்சமில்லா நேரம்',
    'summer on-peak': 'கோடை உச்ச நேரம்',
    'winter off-peak': 'குளிர்கால உச்சமில்லா நேரம்',
    'winter on-peak': 'குளிர்கால உச்ச நேரம்',
  },
  de: {
    'Customer charge': 'Grundgebühr',
    'Base charge': 'Grundpreis',
    'Energy charge': 'Arbeitspreis',
    'Gas delivery and supply': 'Gasnetz und -lieferung',
    'Water usage': 'Wasserverbrauch',
    'Sewer volume charge': 'Abwassergebühr nach Menge',
    'Solar export credit': 'Vergütung für eingespeisten Solarstrom',
    'Export credit': 'Einspeisevergütung',
    'Demand charge': 'Leistungspreis',
    'Demand charge (ratchet)': 'Leistungspreis (Mindestleistung)',
    'Minimum charge adjustment': 'Ausgleich auf den Mindestbetrag',
    winter: 'Winter',
    summer: 'Sommer',
    'off-peak': 'Nebenzeit',
    'on-peak': 'Hauptzeit',
    'summer off-peak': 'Sommer, Nebenzeit',
    'summer on-peak': 'Sommer, Hauptzeit',
    'winter off-peak': 'Winter, Nebenzeit',
    'winter on-peak': 'Winter, Hauptzeit',
  },
};

type TierKind = 'first' | 'next' | 'over';

const TIERS: Record<Translated, Record<TierKind, (amount: string, unit: string) => string>> = {
  es: {
    first: (amount, unit) => `primeros ${amount} ${unit}`,
    next: (amount, unit) => `siguientes ${amount} ${unit}`,
    over: (amount, unit) => `más de ${amount} ${unit}`,
  },
  ta: {
    first: (amount, unit) => `முதல் ${amount} ${unit}`,
    next: (amount, unit) => `அடுத்த ${amount} ${unit}`,
    over: (amount, unit) => `${amount} ${unit} க்கு மேல்`,
  },
  de: {
    first: (amount, unit) => `erste ${amount} ${unit}`,
    next: (amount, unit) => `nächste ${amount} ${unit}`,
    over: (amount, unit) => `über ${amount} ${unit}`,
  },
};

const TIER = /^(first|next|over) (\d+(?:\.\d+)?) (\S+)$/;

function translatePart(part: string, language: Translated): string {
  const name = NAMES[language][part];
  if (name) return name;
  const tier = TIER.exec(part);
  if (tier) return TIERS[language][tier[1] as TierKind](tier[2] ?? '', tier[3] ?? '');
  return part;
}

/** A line item's description in `language`; what is not known stays as written. */
export function lineItemText(description: string, language: Language): string {
  if (language === 'en') return description;
  return description
    .split(', ')
    .map((part) => translatePart(part, language))
    .join(', ');
}

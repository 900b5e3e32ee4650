// Kinds of question the utility's articles do not answer unless an article says so in as many words:
// a forecast (will rates go up next year, the weather tomorrow), a subsidy or rebate, legal advice (is it legal), a recommendation of someone
// else's trade (an installer, an electrician), and the price or payback of equipment the customer would
// buy (solar panels, a battery, a new house connection). Such a question shares its topic words with an
// article (solar, rates, sewer) and would be answered from it, though the article explains the utility's
// credit, not the panels' price. Words are data per language (lower case, accents folded: see
// foldAccents), written from general customer vocabulary, not from any question set's sentences.
import type { Language } from '@gridfront/contracts';

const word = (alternatives: string) =>
  new RegExp(`(?<![\\p{L}\\p{M}])(${alternatives})(?![\\p{L}\\p{M}])`, 'u');

/** A forecast: a future time together with a change of price ("rates going up next year"). */
const FUTURE: Record<Language, RegExp> = {
  en: word(
    'next year|coming year|next few years|in the future|future|forecast|predict(ed|ion|ions)?|in 20\\d\\d',
  ),
  es: word('(el )?ano que viene|(el )?proximo ano|ano proximo|a futuro|en el futuro|pronostico'),
  de: /(nachste[nms]? jahr|kommende[nms]? jahr|im neuen jahr|in zukunft|zukunftig|kunftig|prognose)/u,
  ta: /(அடுத்த வருஷ|அடுத்த வருட|அடுத்த ஆண்டு|adutha varusham|next year|வருங்கால)/u,
};
const CHANGE: Record<Language, RegExp> = {
  en: word('go(ing)? up|go(ing)? down|rise|rising|increase[sd]?|hike[sd]?|higher|cheaper|more expensive'),
  es: word('sub\\p{L}*|aument\\p{L}*|baj\\p{L}*|mas car[oa]s?|mas barat[oa]s?|incremento'),
  de: /(steig|teurer|erhoh|billiger|sinken|sinkt|anheb|aufschlag)/u,
  ta: /(ஏறு|ஏறும|கூடு|உயரு|உயர்|குறையும|increase|jaasthi|erum|yerum)/u,
};

/** The weather, with a day to come ("the weather tomorrow"): a weather forecast. */
const WEATHER: Record<Language, RegExp> = {
  en: word('weather|rain|snow|storm forecast|temperature'),
  es: word('clima|lluvia|llover|llueve|nieve|pronostico del tiempo|temperatura'),
  de: /(wetter|regen|regnet|schnee|temperatur)/u,
  ta: /(வானிலை|மழை|weather|வெயில்|mazhai|vaanilai)/u,
};
const COMING: Record<Language, RegExp> = {
  en: word('tomorrow|tomorow|tmrw|today|tonight|this weekend|next week|going to be|gonna be|will it'),
  es: word('manana|hoy|este fin de semana|la semana que viene|va a (estar|hacer|llover)|como estara'),
  de: /(morgen|heute|am wochenende|nachste woche|wie wird|wird es)/u,
  ta: /(நாளை|நாளைக்கு|இன்று|இன்னிக்கு|naalaiku|naalai|innaiku|இருக்கும்)/u,
};

/** A grant, rebate or subsidy for something (a government's for solar panels, a rebate for an appliance). */
const SUBSIDY: Record<Language, RegExp> = {
  en: word('rebates?|subsid\\p{L}*|incentives?|tax credits?'),
  es: word('subsidio\\p{L}*|subvencion\\p{L}*|incentivo\\p{L}*|bonificacion\\p{L}*'),
  de: /(forderung|zuschuss|zuschusse|subvention|pramie|steuergutschrift)/u,
  ta: /(மானியம்|subsidy|rebate|manyam|maaniyam)/u,
};

/** Legal advice: whether something is legal, a lawyer, a lawsuit. */
const LEGAL: Record<Language, RegExp> = {
  en: word('legal|illegal|legally|lawful|unlawful|lawyer|attorney|sue|lawsuit|against the law'),
  es: word('legal|ilegal|legalmente|abogad[oa]s?|demandar\\p{L}*|contra la ley|es ley'),
  de: /(legal|illegal|rechtens|rechtlich|anwalt|anwaltin|verklag|gesetzlich erlaubt|gegen das gesetz)/u,
  ta: /(சட்டப்படி|சட்டவிரோத|சட்டம்|legal|lawyer|வக்கீல்|வழக்கறிஞ)/u,
};

/** A recommendation of another trade or firm ("can you recommend an electrician"). */
const RECOMMEND: Record<Language, RegExp> = {
  en: word("recommend\\p{L}*|suggest a good|know a good|who('?s| is) (a )?good"),
  es: word('recomi?end\\p{L}*|recomendar\\p{L}*|conocen (a )?(un|algun)'),
  de: /(empfehl|empfiehl)/u,
  ta: /(பரிந்துரை|recommend|nalla .{0,20}yaar|நல்ல .{0,20}யார்)/u,
};

/** Payback: whether an investment pays off. */
const PAYBACK: Record<Language, RegExp> = {
  en: word(
    'worth it|worth the (money|cost|investment|price)|pays? for itself|payback|(does|do|would|will) [\\p{L}]+( [\\p{L}]+)? pay off',
  ),
  es: word('vale la pena|sale a cuenta|se paga sol[oa]|rentable|rentabilidad|amortiz\\p{L}*'),
  de: /(lohnt|rentiert|rentabel|amortisier|zahlt sich .{0,80}aus|rechnet sich)/u,
  ta: /(லாபம்|laabam|labam|worth|மதிப்பு உண்டா|நஷ்டம்)/u,
};

/**
 * Equipment a customer would buy or have built (the thing a price or payback question names); the
 * utility's articles state the price of its own services, not of these. An article answers such a
 * question only when a line stating an amount (or a payback) names the same thing. Tamil customers call
 * solar generation itself "solar panel" ("solar panel extra current ku evlo credit"): no equipment there.
 */
const EQUIPMENT: Record<Language, RegExp> = {
  en: word(
    'panels?|solar system|installer|installation|batter(y|ies)|inverter|generator|heat pump|charger|charging station|new construction|service line',
  ),
  es: word(
    'placas?|panel(es)?|instalador\\p{L}*|instalacion\\p{L}*|instalar|bateri\\p{L}*|inversor\\p{L}*|generador\\p{L}*|cargador\\p{L}*|obra nueva|construccion',
  ),
  de: /(paneel|panel|modul|batterie|speicher|wechselrichter|installation|installateur|wallbox|ladestation|hausanschluss|neubau|bauanschluss|baustrom|warmepumpe|notstrom)/u,
  ta: /(installer|installation|battery|பேட்டரி|inverter|இன்வெர்ட்டர்|charger|சார்ஜர்)/u,
};

export type QuestionKind = 'forecast' | 'legal' | 'recommendation' | 'equipment' | 'subsidy';

export interface KindArticle {
  /** The article's title, `asked` questions and body, lower case, accents folded. */
  text: string;
  /** Its lines stating an amount (amountLines), lower case, accents folded. */
  amountLines: readonly string[] /** Its sentences (kindSentences of `text`). */;
  sentences: readonly string[];
}

/** An article's sentences and lines, as unansweredKind looks for a forecast or a payback in one of them. */
export function kindSentences(text: string): string[] {
  return text.split(/(?<=[.!?\n])\s*/u);
}

/**
 * The kind of question (forecast, legal advice, a recommendation, equipment's price or payback) that the
 * article does not answer, or null. `question` and the article's text lower case and accents folded.
 * The article answers a kind when it writes the kind's own words (a forecast, in one sentence; the law; a
 * recommendation);
 * equipment's price only when one of its amount lines names the equipment the question names, its
 * payback when one of its sentences speaks of payback and names it.
 */
export function unansweredKind(
  language: Language,
  question: string,
  /** Whether a sentence of the question asks for an amount (asksAmount), or null when none does. */
  asksAmount: ((clause: string) => boolean) | null,
  article: KindArticle,
): QuestionKind | null {
  const { sentences } = article;
  if (FUTURE[language].test(question) && CHANGE[language].test(question)) {
    if (!sentences.some((s) => FUTURE[language].test(s) && CHANGE[language].test(s))) return 'forecast';
  }
  if (WEATHER[language].test(question) && COMING[language].test(question)) {
    if (!sentences.some((s) => WEATHER[language].test(s) && COMING[language].test(s))) return 'forecast';
  }
  if (SUBSIDY[language].test(question) && !SUBSIDY[language].test(article.text)) return 'subsidy';
  if (LEGAL[language].test(question) && !LEGAL[language].test(article.text)) return 'legal';
  if (RECOMMEND[language].test(question) && !RECOMMEND[language].test(article.text)) return 'recommendation';
  // The equipment must be what is asked for: named in the sentence that asks the amount or the payback
  // ("paneles solares? cuántos días puedo bajar" asks for days, not for the panels' price).
  for (const clause of question.split(/[.!?;]+/u)) {
    const equipment = EQUIPMENT[language].exec(clause)?.[0];
    if (!equipment) continue;
    if (asksAmount?.(clause) && !article.amountLines.some((line) => line.includes(equipment)))
      return 'equipment';
    if (PAYBACK[language].test(clause)) {
      if (!sentences.some((s) => PAYBACK[language].test(s) && s.includes(equipment))) return 'equipment';
    }
  }
  return null;
}

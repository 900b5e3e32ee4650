// Retrieval and the model client's pure parts, without a database.

import { stemmer as englishStemmer } from '@orama/stemmers/english';
import { stemmer as germanStemmer } from '@orama/stemmers/german';
import { describe, expect, it } from 'vitest';
import { readKnowledgeBase } from '../../seed/knowledge-base/articles.ts';
import { completionsUrl } from './llm.ts';
import { StreamMasker } from './mask.ts';
import {
  AMOUNT_RANK,
  ANSWER_THRESHOLD,
  amountLines,
  asksAmount,
  asksDuration,
  CompoundSplitter,
  dictionaryKnows,
  durationLines,
  EVIDENCE_RANK,
  editDistance,
  isConfident,
  JoinedWords,
  KnowledgeIndex,
  matchedAsWritten,
  pastIncident,
  productNames,
  romanisedTamil,
  romanKey,
  type SearchOutcome,
  Speller,
  TAMIL_EVIDENCE_RANK,
  termProcessor,
} from './retrieval.ts';
import { QueryExpander } from './retrieval-expansion.ts';

const index = new KnowledgeIndex(Object.values(readKnowledgeBase()).flat());

describe('retrieval', () => {
  it('finds the article despite typos and in Tamil script', () => {
    expect(index.search('en', 'how much is the reconection fee on a weekend').hits[0]?.article.slug).toBe(
      'reconnection-charges',
    );
    expect(index.search('ta', 'கிரீன் டேக்ஸ் என்றால் என்ன').hits[0]?.article.slug).toBe('green-tags');
  });

  it('stems each language with its own stemmer and drops stop words', () => {
    expect(termProcessor('en')('charges')).toBe('charg');
    expect(termProcessor('de')('Rechnungen')).toBe('rechnung');
    expect(termProcessor('en')('what')).toBeNull();
    expect(termProcessor('en')('24')).toBe('24');
  });

  it('declines questions about another company by name or an unknown topic', () => {
    expect(isConfident(index.search('en', "what is Ameren's electricity rate"))).toBe(false);
    expect(isConfident(index.search('en', 'can you recommend a good plumber'))).toBe(false);
    expect(isConfident(index.search('en', 'what is green tags'))).toBe(true);
  });
});

describe('German compounds', () => {
  const splitter = new CompoundSplitter(
    ['Karte', 'Zahlung', 'Strom', 'Rechnungen', 'Solar', 'ein', 'halten', 'Preis'],
    germanStemmer,
    new Set(['ein']),
  );

  it('splits a compound into the stems the articles use, through a linking element, and leaves others whole', () => {
    expect(splitter.split('Kartenzahlung')).toEqual(['karten', 'zahlung']);
    expect(splitter.split('Stromrechnung')).toEqual(['strom', 'rechnung']);
    expect(splitter.split('Solarstrompreis')).toEqual(['solar', 'strom', 'preis']);
    // The linking s stays where the stemmer drops it anyway (zahlungs → zahlung).
    expect(splitter.split('Zahlungspreis')).toEqual(['zahlungs', 'preis']);
    expect(termProcessor('de')('zahlungs')).toBe(termProcessor('de')('zahlung'));
    expect(splitter.split('Kartenpreis')).toEqual(['karten', 'preis']);
    // A particle is not a word of a compound; short and unknown words stay whole.
    expect(splitter.split('einhalten')).toEqual([]);
    expect(splitter.split('Karte')).toEqual([]);
    expect(splitter.split('Wochenende')).toEqual([]);
    expect(splitter.tokenize('Gebühr bei Kartenzahlung?')).toEqual([
      'Gebühr',
      'bei',
      'Kartenzahlung',
      'karten',
      'zahlung',
    ]);
  });

  it('does not count a compound whose parts the articles know as an unknown word', () => {
    const outcome = index.search('de', 'wasserpreis');
    expect(outcome.terms).toEqual(expect.arrayContaining(['wasserpreis', 'wass', 'preis']));
    expect(outcome.unknown).toEqual([]);
    expect(outcome.hits[0]?.article.slug).toBe('gas-water-sewer-rates');
    expect(outcome.hits[0]?.coverage).toBe(1);
    expect(isConfident(outcome)).toBe(true);
  });

  it('finds the payment article for a compound the article writes apart', () => {
    const outcome = index.search('de', 'gebühr bei kartenzahlung?');
    expect(outcome.terms).toEqual(expect.arrayContaining(['kart', 'zahlung']));
    expect(outcome.hits[0]?.article.slug).toBe('payment-options');
  });
});

describe('typos and customers’ phrases', () => {
  it('measures edits, swapped letters included, and stops past the limit', () => {
    expect(editDistance('availble', 'available', 2)).toBe(1);
    expect(editDistance('recieve', 'receive', 1)).toBe(1);
    expect(editDistance('reconection', 'reconnection', 2)).toBe(1);
    expect(editDistance('plumber', 'number', 1)).toBe(2);
    expect(editDistance('a', 'abcdef', 2)).toBe(3);
  });

  it('corrects a misspelt word to the articles’ word and leaves known, short and unknown words', () => {
    const speller = new Speller(['available', 'reconnection', 'bill', 'outage']);
    expect(speller.correct('availble')).toBe('available');
    expect(speller.correct('reconection')).toBe('reconnection');
    expect(speller.correct('Outage')).toBe('Outage');
    expect(speller.correct('bil')).toBe('bil');
    expect(speller.correct('plumber')).toBe('plumber');
  });

  it('knows a language’s real words by stem, and does not correct them into the articles’ words', () => {
    expect(dictionaryKnows('en', 'taxes')).toBe(true);
    expect(dictionaryKnows('de', 'bewerben')).toBe(true);
    expect(dictionaryKnows('de', 'schick')).toBe(true);
    expect(dictionaryKnows('es', 'intereses')).toBe(true);
    expect(dictionaryKnows('en', 'reconection')).toBe(false);
    expect(dictionaryKnows('ta', 'taxes')).toBe(false);
    const speller = new Speller(['takes', 'reconnection'], (word) => dictionaryKnows('en', word));
    expect(speller.correct('taxes')).toBe('taxes');
    expect(speller.correct('reconection')).toBe('reconnection');
    // The index's own speller: "taxes" stays a word no article holds, "Gewerbe" is not "bewerben".
    expect(index.search('en', 'do i pay taxes on the grant').terms).toContain('tax');
    expect(index.search('de', 'ich will mich bewerben').terms).toContain('bewerb');
  });

  it('reads what customers write as the articles’ words, and still declines names', () => {
    expect(index.search('en', 'no more paper bills for me').hits[0]?.article.slug).toBe('paperless-billing');
    expect(index.search('en', 'stop sending me paper bills pls').terms).toContain('paperless');
    expect(index.search('en', 'does paying by visa cost extra').terms).toContain('card');
    expect(index.search('es', 'se fue la luz otra vez').hits[0]?.article.slug).toBe('outages');
    expect(index.search('en', 'is there any help availble').terms).toContain('avail');
    // A name is not corrected into a known word: it stays unknown and the question is declined.
    const named = index.search('en', 'how much does Ameren charge for electricity');
    expect(named.unknownNames).toEqual(['Ameren']);
    expect(isConfident(named)).toBe(false);
  });
});

describe('words customers join, and dates', () => {
  it('splits a word customers join where the articles write the pair apart, and nothing else', () => {
    const joined = new JoinedWords(
      ['You can pay without logging in.', 'We may shut off service.', 'Insulation helps.'],
      englishStemmer,
    );
    expect(joined.split('login')).toEqual(['log', 'in']);
    expect(joined.split('shutoff')).toEqual(['shut', 'off']);
    expect(joined.split('insulation')).toBeNull();
    expect(joined.split('payoff')).toBeNull();
  });

  it('finds the article for a joined word, which is no unknown topic then', () => {
    const outcome = index.search('en', 'pay my sons bill without his login');
    expect(outcome.hits[0]?.article.slug).toBe('quick-pay');
    expect(outcome.unknown).not.toContain('login');
  });

  it('splits a joined English word inside another language too (the English fallback)', () => {
    const outcome = index.search('de', 'die bezahlseite ohne login ist abgelaufen');
    expect(outcome.hits[0]?.article.slug).toBe('quick-pay');
    expect(outcome.unknown).not.toContain('login');
  });

  it('counts month and weekday names as general words, in every language', () => {
    expect(index.search('en', 'reconnection fee on a tuesday in january').unknownTopics).toEqual([]);
    expect(index.search('de', 'Wiederanschluss im Januar am Dienstag').unknownTopics).toEqual([]);
    expect(index.search('es', 'reconexión un martes de enero').unknownTopics).toEqual([]);
  });
});

describe('decline thresholds', () => {
  it('has a floor per language and applies the question’s own', () => {
    const outcome = (language: 'en' | 'de', score: number): SearchOutcome => ({
      language,
      terms: ['x'],
      unknown: [],
      unknownNames: [],
      unknownTopics: [],
      unknownShare: 0,
      hits: [
        {
          article: { slug: 'a', language, title: 'A', tags: [], body: '' },
          score,
          coverage: 1,
          evidence: 1,
          passages: [],
        },
      ],
    });
    expect(Object.keys(ANSWER_THRESHOLD.score).sort()).toEqual(['de', 'en', 'es', 'ta']);
    const between = (ANSWER_THRESHOLD.score.en + ANSWER_THRESHOLD.score.de) / 2;
    expect(ANSWER_THRESHOLD.score.en).not.toBe(ANSWER_THRESHOLD.score.de);
    const [low, high] = ANSWER_THRESHOLD.score.en < ANSWER_THRESHOLD.score.de ? ['en', 'de'] : ['de', 'en'];
    expect(isConfident(outcome(low as 'en', between))).toBe(true);
    expect(isConfident(outcome(high as 'en', between))).toBe(false);
  });

  it('asks for more evidence only when unknown topic words hold enough of the question', () => {
    const evidence = (ANSWER_THRESHOLD.evidence + ANSWER_THRESHOLD.evidenceWithUnknown) / 2;
    const outcome = (unknownShare: number): SearchOutcome => ({
      language: 'en',
      terms: ['x', 'y'],
      unknown: ['y'],
      unknownNames: [],
      unknownTopics: ['y'],
      unknownShare,
      hits: [
        {
          article: { slug: 'a', language: 'en', title: 'A', tags: [], body: '' },
          score: 1000,
          coverage: 0.5,
          evidence,
          passages: [],
        },
      ],
    });
    expect(isConfident(outcome(ANSWER_THRESHOLD.unknownShare / 2))).toBe(true);
    expect(isConfident(outcome(ANSWER_THRESHOLD.unknownShare))).toBe(false);
    // The thresholds can be passed (the cross-validation script tries others).
    expect(isConfident(outcome(1), { ...ANSWER_THRESHOLD, evidenceWithUnknown: evidence })).toBe(true);
  });

  it('declines when the best article matches too few of the question’s words (coverage)', () => {
    const outcome = (coverage: number): SearchOutcome => ({
      language: 'en',
      terms: ['x', 'y'],
      unknown: [],
      unknownNames: [],
      unknownTopics: [],
      unknownShare: 0,
      hits: [
        {
          article: { slug: 'a', language: 'en', title: 'A', tags: [], body: '' },
          score: 1000,
          coverage,
          evidence: 1,
          passages: [],
        },
      ],
    });
    expect(ANSWER_THRESHOLD.coverage).toBeGreaterThan(0);
    expect(isConfident(outcome(ANSWER_THRESHOLD.coverage))).toBe(true);
    expect(isConfident(outcome(ANSWER_THRESHOLD.coverage / 2))).toBe(false);
  });
});

describe('Tamil as customers type it', () => {
  it('spoken words and loanwords are no unknown topics: answered', () => {
    const spoken = index.search('ta', 'கரண்ட் பில் ரொம்ப அதிகமா வருது, ஏன்?');
    expect(spoken.hits[0]?.article.slug).toBe('high-bills');
    expect(spoken.unknownTopics).toEqual([]);
    expect(isConfident(spoken)).toBe(true);
    const mixed = index.search('ta', 'autopay ல card மாத்தணும், எப்படி?');
    expect(mixed.hits[0]?.article.slug).toBe('autopay');
    expect(isConfident(mixed)).toBe(true);
  });

  it('an English word in Latin script that no article knows names another topic: declined', () => {
    const outcome = index.search('ta', 'வீட்டுக்கு internet connection வேணும், எவ்வளவு ஆகும்?');
    expect(outcome.unknownNames).toEqual(['internet']);
    expect(isConfident(outcome)).toBe(false);
  });

  it('finds an article through its asked questions, words the article itself does not use', () => {
    const article = (slug: string, title: string, body: string, asked: string[] = []) => ({
      slug,
      language: 'en',
      title,
      tags: [slug],
      body,
      asked,
    });
    const articles = [
      article('outages', 'Power outages', '## Report\nCall the outage line when the power fails.', [
        'my lights went dark, whole block is pitch black',
      ]),
      article('billing', 'Your bill', '## Dark mode\nThe portal has a dark theme for your bill.'),
    ];
    const question = 'whole block pitch black since noon';
    const without = new KnowledgeIndex(
      articles.map((a) => ({ ...a, asked: [] })),
      new QueryExpander({ en: {}, es: {}, de: {}, ta: {} }),
    ).search('en', question);
    expect(without.hits[0]?.article.slug).not.toBe('outages');
    const withAsked = new KnowledgeIndex(articles, new QueryExpander({ en: {}, es: {}, de: {}, ta: {} }), {
      askedWeight: 1,
    }).search('en', question);
    expect(withAsked.hits[0]?.article.slug).toBe('outages');
    expect(withAsked.unknown).not.toContain('pitch');
  });

  it('treats romanised spoken Tamil as general words, an unknown English word still as a name', () => {
    expect(romanisedTamil('pannuveengala')).toBe(true);
    expect(romanisedTamil('evlo')).toBe(true);
    expect(romanisedTamil('internet')).toBe(false);
    expect(romanisedTamil('cylinder')).toBe(false);
    const outcome = index.search('ta', 'autopay cancel panna evlo naal aagum');
    expect(outcome.unknownNames).toEqual([]);
    // A Latin word no English dictionary knows is romanised Tamil, not an English name; an English one is.
    expect(
      index.search('ta', 'paper bill venaam, email la mattum anupunga. epdi maathradhu?').unknownNames,
    ).toEqual([]);
    expect(index.search('ta', 'gas cylinder booking epdi').unknownNames).toContain('cylinder');
  });

  it('spells Tamil and romanised Tamil words alike (romanKey), so either script finds the other', () => {
    expect(romanKey('நேரம்')).toBe(romanKey('neram'));
    expect(romanKey('கரண்ட்')).toBe(romanKey('karant'));
    expect(romanKey('வீட்டோட')).toBe(romanKey('veetoda'));
    expect(romanKey('பழைய')).toBe(romanKey('pazhaya'));
    expect(romanKey('பண்ணுங்க')).toBe(romanKey('pannunga'));
    expect(romanKey('பில்')).toBe(romanKey('bill'));
    expect(romanKey('கட்டணம்')?.slice(0, 5)).toBe(romanKey('kattanum')?.slice(0, 5));
    expect(romanKey('நேரம்')).not.toBe(romanKey('மணி'));
    expect(romanKey('அ')).toBeNull();
    expect(romanKey('Grüße')).toBeNull();
  });

  it('finds a Tamil article from romanised words its text holds in Tamil script', () => {
    const article = (slug: string, title: string, body: string) => ({
      slug,
      language: 'ta',
      title,
      tags: [slug],
      body,
    });
    const articles = [
      article('outages', 'மின்தடை', '## நேரம்\nமின்தடை சரியாக நான்கு மணி நேரம் ஆகலாம்.'),
      article('payments', 'பணம் செலுத்துதல்', '## கட்டணம்\nஅட்டை மூலம் பணம் செலுத்தலாம்.'),
    ];
    const empty = new QueryExpander({ en: {}, es: {}, de: {}, ta: {} });
    const question = 'karant poyi rendu mani neram aachu';
    const without = new KnowledgeIndex(articles, empty, { romanWeight: 0 }).search('ta', question);
    expect(without.hits[0]?.article.slug).not.toBe('outages');
    const withKeys = new KnowledgeIndex(articles, empty, { romanWeight: 2 }).search('ta', question);
    expect(withKeys.hits[0]?.article.slug).toBe('outages');
    expect(withKeys.unknown).not.toContain('neram');
  });

  it('a company written with an ampersand is a name; the cause of yesterday’s incident is declined, “since yesterday” or how to report it is not', () => {
    const company = index.search('en', "whats PG&E's rate for electricity");
    expect(company.unknownNames).toEqual(['PG&E']);
    expect(isConfident(company)).toBe(false);
    expect(pastIncident('es', 'por que se fue la luz ayer en la calle 5')).toBe(true);
    expect(pastIncident('en', 'what caused the outage last night')).toBe(true);
    expect(pastIncident('de', 'warum war gestern der Strom weg')).toBe(true);
    expect(pastIncident('ta', 'நேத்து ராத்திரி கரண்ட் போனது ஏன்')).toBe(true);
    expect(pastIncident('en', 'power out since yesterday, when will it be back')).toBe(false);
    // A weekday dates one incident as yesterday does; "since" makes it a duration.
    expect(pastIncident('en', 'what caused the outage on my street tuesday night')).toBe(true);
    expect(pastIncident('de', 'warum war am Dienstag der Strom weg')).toBe(true);
    expect(pastIncident('en', 'out since tuesday, why is it taking so long')).toBe(false);
    expect(pastIncident('en', 'when will my power be back')).toBe(false);
    expect(pastIncident('en', 'it went out last night, how do I report it?')).toBe(false);
    expect(pastIncident('es', 'pague ayer y no aparece el pago')).toBe(false);
    expect(pastIncident('de', 'gestern Abend kein Strom, wie melde ich das?')).toBe(false);
    const incident = index.search('es', 'xq se fue la luz ayer en la casa de mi vecino y en la mia no?');
    expect(incident.hits[0]?.article.slug).toBe('outages');
    expect(isConfident(incident)).toBe(false);
    expect(isConfident({ ...incident, pastIncident: false })).toBe(true);
  });

  it('a two-letter acronym no article knows is a name, a general word is not', () => {
    const other = index.search('ta', 'மதுரை EB ஆபீஸ் எங்கே இருக்கு?');
    expect(other.unknownNames).toEqual(['EB']);
    expect(isConfident(other)).toBe(false);
    expect(index.search('es', 'OK, cuanto cuesta la reconexion').unknownNames).toEqual([]);
  });

  it('German capitalises every noun: only an acronym there is a name', () => {
    expect(index.search('de', 'Ich ziehe nach Graz, wie melde ich den Strom an?').unknownNames).toEqual([]);
    expect(index.search('de', 'Was kostet der Strom bei der QWERTZ?').unknownNames).toEqual(['QWERTZ']);
    expect(index.search('en', 'I moved to Toledo, how do I start service').unknownNames).toEqual(['Toledo']);
  });

  it('colloquial and kin words are no unknown topic and do not count for coverage', () => {
    const colloquial = index.search('de', 'gibts ne gebühr fürs wiedereinschalten, hab nix gezahlt');
    expect(colloquial.unknownTopics).toEqual([]);
    expect(colloquial.hits[0]?.article.slug).toBe('reconnection-charges');
    expect(isConfident(colloquial)).toBe(true);
    const kin = index.search('en', 'can I pay my grandma’s bill without her login');
    expect(kin.unknownTopics).toEqual([]);
    expect(kin.hits[0]?.article.slug).toBe('quick-pay');
    // Times of day and being at home date or place a question; they name no topic.
    const daytime = index.search('de', 'was kostet die kwh am nachmittag, wir sind tagsüber daheim');
    expect(daytime.unknownTopics).toEqual([]);
    expect(daytime.hits[0]?.article.slug).toBe('rate-plans');
    // A question's general words are not counted: every topic word matched is full coverage.
    const topical = index.search('es', 'oye, cuanto cuesta la reconexion');
    expect(topical.hits[0]?.coverage).toBe(1);
  });
});

describe('hits re-rank by evidence (Tamil most)', () => {
  // "billing" (in three articles of six) is one article's title; "streetwire" (in one article) is in
  // another's heading and text. BM25 puts the first ahead; evidence, the share of the question's IDF
  // weight matched as written, the second.
  const articles = (language: 'en' | 'ta', common: string, rare: string) =>
    new KnowledgeIndex(
      [
        ['loud', common, ['help'], `## Help\n\nAsk for help with ${common}.`],
        ['quiet', 'Safety', ['safety'], `## Safety: ${rare}\n\nA ${rare} down: stay away and call us.`],
        ['one', common, ['one'], 'First.'],
        ['two', common, ['two'], 'Second.'],
        ['three', 'Three', ['three'], 'Third.'],
        ['four', 'Four', ['four'], 'Fourth.'],
      ].map(([slug, title, tags, body]) => ({
        slug: slug as string,
        language,
        title: title as string,
        tags: tags as string[],
        body: `${title}\n\n${body}`,
      })),
      new QueryExpander({ en: {}, es: {}, de: {}, ta: {} }),
    );

  it('puts the article with the rarer matched word first, in Tamil and, more mildly, in English', () => {
    const ta = articles('ta', 'பில்லிங்', 'மின்கம்பி').search('ta', 'மின்கம்பி பில்லிங்', 6);
    const en = articles('en', 'billing', 'streetwire').search('en', 'streetwire billing', 6);
    for (const outcome of [ta, en]) {
      const loud = outcome.hits.find((hit) => hit.article.slug === 'loud');
      const quiet = outcome.hits.find((hit) => hit.article.slug === 'quiet');
      expect(loud?.score).toBeGreaterThan(quiet?.score ?? Infinity);
      expect(quiet?.evidence).toBeGreaterThan(loud?.evidence ?? 1);
    }
    expect(ta.hits[0]?.article.slug).toBe('quiet');
    expect(en.hits[0]?.article.slug).toBe('quiet');
    // English ranks by score × (1 − w + w × evidence) with a milder w than Tamil's.
    const rank = (hit: (typeof en.hits)[number]) =>
      hit.score * (1 - EVIDENCE_RANK + EVIDENCE_RANK * hit.evidence);
    const ranked = en.hits.slice(0, 3).map(rank);
    expect(ranked).toEqual([...ranked].sort((a, b) => b - a));
    expect(EVIDENCE_RANK).toBeGreaterThan(0);
    expect(EVIDENCE_RANK).toBeLessThan(TAMIL_EVIDENCE_RANK);
  });
});
describe('declining what the knowledge base cannot answer (evidence)', () => {
  // Six articles that all speak of bills, accounts and payments; one is about AutoPay.
  const body = (topic: string) =>
    `${topic}\n\n## Your bill, account and payment\n\nEvery bill shows the account and the payment due.`;
  const small = new KnowledgeIndex(
    [
      ['autopay', 'AutoPay', 'AutoPay takes the payment from your account on the due date.'],
      ['outages', 'Outages', 'Report an outage online or by phone.'],
      ['paperless', 'Paperless billing', 'Get the bill by e-mail.'],
      ['rates', 'Rate plans', 'Compare plans and prices.'],
      ['assistance', 'Assistance', 'Help for customers who need time.'],
      ['contact', 'Contact us', 'Phone lines and hours.'],
    ].map(([slug, title, text]) => ({
      slug: slug ?? '',
      language: 'en',
      title: title ?? '',
      tags: ['bill', 'account', 'payment'],
      body: body(text ?? ''),
    })),
    new QueryExpander({ en: {}, es: {}, de: {}, ta: {} }),
  );

  it('declines a question made only of words in (almost) every article, answers one with a discriminative word', () => {
    const common = small.search('en', 'bill account payment');
    expect(common.hits[0]?.score).toBeGreaterThan(ANSWER_THRESHOLD.score.en);
    expect(common.hits[0]?.evidence).toBe(0);
    expect(isConfident(common)).toBe(false);
    const specific = small.search('en', 'autopay bill account payment');
    expect(specific.hits[0]?.article.slug).toBe('autopay');
    expect(specific.hits[0]?.evidence).toBe(1);
    expect(isConfident(specific)).toBe(true);
  });

  it('weighs a rare word above common ones, and an unknown topic word most', () => {
    // "outage" is in one article of six: an article matching only the other words has no evidence.
    const outcome = small.search('en', 'outage bill account');
    expect(outcome.hits[0]?.article.slug).toBe('outages');
    expect(outcome.hits[0]?.evidence).toBe(1);
    expect(outcome.hits.find((hit) => hit.article.slug !== 'outages')?.evidence).toBe(0);
    const autopay = small.search('en', 'autopay refrigerator bill account payment');
    expect(autopay.unknownTopics).toEqual(['refriger']);
    expect(autopay.hits[0]?.article.slug).toBe('autopay');
    expect(autopay.hits[0]?.score).toBeGreaterThan(ANSWER_THRESHOLD.score.en);
    expect(autopay.hits[0]?.evidence).toBeGreaterThan(ANSWER_THRESHOLD.evidence);
    expect(autopay.hits[0]?.evidence).toBeLessThan(ANSWER_THRESHOLD.evidenceWithUnknown);
    expect(isConfident(autopay)).toBe(false);
    // A general word the articles do not know ("actually") is no other topic.
    const general = small.search('en', 'autopay actually on my bill account payment');
    expect(general.unknown).toEqual(['actual']);
    expect(general.unknownTopics).toEqual([]);
    expect(isConfident(general)).toBe(true);
  });

  it('counts an unknown word that no dictionary knows (slang, a dialect word) as no topic, a real one as a topic', () => {
    const slang = small.search('en', 'autopay wth bill account payment');
    expect(slang.unknown).toEqual(['wth']);
    expect(slang.unknownTopics).toEqual([]);
    expect(isConfident(slang)).toBe(true);
    // A real word, and a place's name that another language's dictionary knows, stay topics.
    expect(small.search('en', 'autopay plumber bill account payment').unknownTopics).toEqual(['plumber']);
    expect(small.search('en', 'autopay kansas').unknownTopics).toEqual(['kansa']);
  });

  it('in Tamil, counts for coverage a word matched as written, not another word its typo tolerance finds', () => {
    const tamil = new KnowledgeIndex(
      [
        ['meter', 'மீட்டர்', 'மீட்டர் கட்டணம் மாதம் ஒருமுறை.'],
        ['outage', 'மின்தடை', 'மின்தடை புகார் செய்யுங்கள்.'],
      ].map(([slug, title, text]) => ({
        slug: slug ?? '',
        language: 'ta',
        title: title ?? '',
        tags: [],
        body: text ?? '',
      })),
      new QueryExpander({ en: {}, es: {}, de: {}, ta: {} }),
    );
    // "பட்டணம்" (a town) is within typo tolerance of "கட்டணம்" (a charge) but is another word.
    const outcome = tamil.search('ta', 'மீட்டர் பட்டணம்');
    expect(outcome.hits[0]?.article.slug).toBe('meter');
    expect(outcome.hits[0]?.coverage).toBe(0.5);
    expect(tamil.search('ta', 'மீட்டர் கட்டணம்').hits[0]?.coverage).toBe(1);
  });

  it('counts a word matched as written or as a word’s start, not a different word within typo tolerance', () => {
    const prefix = (term: string) => term.length >= 4;
    expect(matchedAsWritten({ queryTerms: ['cuest'], terms: ['cuent'] }, prefix, false)).toEqual([]);
    expect(matchedAsWritten({ queryTerms: ['reconex'], terms: ['reconexion'] }, prefix, false)).toEqual([
      'reconex',
    ]);
    // Tamil: the same first three letters is the same word with another suffix; another start is not.
    expect(matchedAsWritten({ queryTerms: ['யாரை'], terms: ['யார்'] }, prefix, true)).toEqual(['யாரை']);
    expect(matchedAsWritten({ queryTerms: ['இன்று'], terms: ['என்று'] }, prefix, true)).toEqual([]);
  });

  it('on the demo knowledge base: declines near misses, still answers plain questions', () => {
    // "Aadhaar" is unknown, the card and "change" match by typo tolerance or other words: declined.
    expect(isConfident(index.search('ta', 'ஆதார் கார்டில் முகவரி மாற்றுவது எப்படி'))).toBe(false);
    expect(isConfident(index.search('es', 'me pueden instalar internet en mi casa'))).toBe(false);
    // The utility's own name and "price" are in most articles; "share" is unknown: declined.
    expect(isConfident(index.search('ta', 'Riverbend Utilities பங்கு விலை'))).toBe(false);
    // "high" is a general word, but a topic here (an article's title): answered.
    const high = index.search('en', 'why is my bill so high');
    expect(high.hits[0]?.article.slug).toBe('high-bills');
    expect(isConfident(high)).toBe(true);
    expect(isConfident(index.search('en', 'when does autopay actually take the money out'))).toBe(true);
  });
});

describe('amounts, product names, plan codes and other companies', () => {
  it('knows a question that asks for an amount, in every language', () => {
    expect(asksAmount('en', 'is there a fee to pay by card')).toBe(true);
    expect(asksAmount('es', '¿Cuánto me cobran por pagar con tarjeta?')).toBe(true);
    expect(asksAmount('de', 'Wie hoch ist die Säumnisgebühr?')).toBe(true);
    expect(asksAmount('ta', 'card la pay panna evlo')).toBe(true);
    expect(asksAmount('en', 'how do I report an outage')).toBe(false);
    expect(asksAmount('de', 'Wie melde ich einen Stromausfall?')).toBe(false);
  });

  it('takes the lines that state an amount, each with its section heading', () => {
    const lines = amountLines(
      '# Rates\n\nIntro text.\n\n## Gas\n\n- Customer charge: $16.50 per month\n- Billed by the therm.\n\n## Card\n\nIt costs 2,5 % of the payment. No other fee applies.',
    );
    expect(lines).toEqual(['Gas - Customer charge: $16.50 per month', 'Card It costs 2,5 % of the payment.']);
  });

  it('ranks an amount question on the article whose line states the amount of the thing named', () => {
    expect(AMOUNT_RANK).toBeGreaterThan(0);
    const outcome = index.search('en', 'fee to pay by bank account');
    const [first, second] = outcome.hits;
    expect(first?.article.slug).toBe('payment-options');
    // Quick Pay's BM25 score is the higher one: the amount line decides.
    expect(second?.score ?? 0).toBeGreaterThan(first?.score ?? 0);
    expect(first?.amount ?? 0).toBeGreaterThan(second?.amount ?? 0);
    expect(index.search('en', 'how do I report an outage').hits[0]?.amount).toBeUndefined();
  });

  it('finds product names from the titles (written alike in English and Spanish), not common nouns', () => {
    const names = productNames(Object.values(readKnowledgeBase()).flat());
    expect(names.get('green-tags')).toEqual(['green', 'tags']);
    expect(names.get('autopay')).toEqual(['autopay']);
    expect(names.has('gas-water-sewer-rates')).toBe(false);
    const outcome = index.search('es', 'los green tags se pueden cancelar cuando quiera?');
    expect(outcome.hits[0]?.article.slug).toBe('green-tags');
    expect(outcome.hits[0]?.named).toBe(true);
  });

  it('puts first the article that writes a plan code the question names, however typed', () => {
    expect(index.search('ta', 'e-gs plan customer charge evlo').hits[0]?.article.slug).toBe(
      'business-rate-plans',
    );
    expect(index.search('en', 'what is E-GS').hits[0]?.article.slug).toBe('business-rate-plans');
  });

  it('for a code of five letters and an amount, puts first the article whose paragraph states both', () => {
    // rate-plans writes E-SOLAR only in a heading; solar-net-billing's paragraph writes it with $24.00.
    for (const [language, question] of [
      ['ta', 'E-SOLAR plan la fixed charge evlo?'],
      ['en', 'E-SOLAR monthly fixed charge how much'],
    ] as const)
      expect(index.search(language, question).hits[0]?.article.slug).toBe('solar-net-billing');
    // Without an amount asked, both articles that write the code stay in the running.
    expect(
      ['rate-plans', 'solar-net-billing'].includes(
        index.search('en', 'what is E-SOLAR').hits[0]?.article.slug ?? '',
      ),
    ).toBe(true);
  });

  it('sends a how-long question to the article whose sentence states the duration', () => {
    expect(asksDuration('de', 'wie lange hat man Zeit?')).toBe(true);
    expect(asksDuration('en', 'how long do i have')).toBe(true);
    expect(asksDuration('en', 'how much is the fee')).toBe(false);
    expect(durationLines('## Tips\n- The page expires after 15 minutes. Start again.\n- No fee.')).toEqual([
      'Tips - The page expires after 15 minutes.',
    ]);
    // Quick Pay states the payment page's 15 minutes; AutoPay and the fees table speak of cards.
    for (const [language, question] of [
      ['de', 'Kartenzahlung: die Seite ist abgelaufen, wie lange hat man Zeit'],
      ['en', 'card payment page timed out, how long do i have'],
    ] as const)
      expect(index.search(language, question).hits[0]?.article.slug).toBe('quick-pay');
  });

  it('declines a question about another utility company named before a company word', () => {
    const duke = index.search('en', 'what does duke energy charge per kwh compared to you');
    expect(duke.unknownNames).toContain('duke');
    expect(isConfident(duke)).toBe(false);
    const endesa = index.search('es', 'la tarifa de endesa energia es mas barata?');
    expect(endesa.unknownNames).toContain('endesa');
    expect(isConfident(endesa)).toBe(false);
    // A word the articles know before "energy" is no name.
    expect(index.search('en', 'how do i buy renewable energy certificates').unknownNames).toEqual([]);
  });
});

describe('model client helpers', () => {
  it('builds the chat completions URL from a base URL', () => {
    expect(completionsUrl('http://localhost:11434')).toBe('http://localhost:11434/v1/chat/completions');
    expect(completionsUrl('https://api.example/v1/')).toBe('https://api.example/v1/chat/completions');
    expect(completionsUrl('http://h/v1/chat/completions')).toBe('http://h/v1/chat/completions');
  });

  it('masks a card number split over streamed pieces', () => {
    const masker = new StreamMasker();
    const out =
      ['Your card 4242 42', '42 4242 4242 is on file, ', 'password: hun', 'ter2 ok']
        .map((p) => masker.push(p))
        .join('') + masker.flush();
    expect(out).not.toContain('4242 4242 4242');
    expect(out).toContain('••••4242');
    expect(out).not.toContain('hunter2');
    expect(out).toContain('is on file');
  });
});

describe('.env.example', () => {
  it('lists the demo widget api key the seed stores', async () => {
    const { readFileSync } = await import('node:fs');
    const { DEMO_ASSISTANT_API_KEY } = await import('./knowledge.ts');
    const example = readFileSync(new URL('../../../../../.env.example', import.meta.url), 'utf8');
    expect(example).toContain(`VITE_ASSISTANT_API_KEY=${DEMO_ASSISTANT_API_KEY}\n`);
  });
});

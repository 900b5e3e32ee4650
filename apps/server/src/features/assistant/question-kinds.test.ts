import { describe, expect, it } from 'vitest';
import { type KindArticle, kindSentences, unansweredKind } from './question-kinds.ts';
import { amountLines, asksAmount, foldAccents } from './retrieval.ts';

const fold = (text: string) => foldAccents(text.toLowerCase().normalize('NFC'));
const amount = (clause: string) => asksAmount('en', clause);
const article = (body: string): KindArticle => ({
  text: fold(body),
  amountLines: amountLines(body).map(fold),
  sentences: kindSentences(fold(body)),
});

const solar = article(
  '# Solar\n\nExcess energy earns a credit of 7.5¢ per kWh on your bill.\nRates may be predictable and higher in summer.',
);

describe('unansweredKind', () => {
  it('declines a forecast unless one sentence of the article makes it', () => {
    expect(unansweredKind('en', 'are rates going up next year?', null, solar)).toBe('forecast');
    expect(unansweredKind('de', fold('steigen die preise nächstes jahr?'), null, solar)).toBe('forecast');
    expect(unansweredKind('en', 'why did my bill go up?', null, solar)).toBeNull();
    const forecast = article('Rates will go up next year by 2%.');
    expect(unansweredKind('en', 'are rates going up next year?', null, forecast)).toBeNull();
  });

  it('declines a weather forecast and a subsidy the article does not write of', () => {
    const bills = article('# High bills\n\nLook at the weather: cold days raise your usage.');
    expect(unansweredKind('en', 'whats the weather going to be tomorow', null, bills)).toBe('forecast');
    expect(unansweredKind('en', 'does cold weather raise my bill', null, bills)).toBeNull();
    expect(unansweredKind('ta', 'சோலார் பேனல் போட அரசு மானியம் எவ்வளவு கிடைக்கும்?', null, solar)).toBe('subsidy');
    const help = article('Estoy atrasado con la factura, hay subsidio?\nHelping Hand da hasta $300.');
    expect(unansweredKind('es', fold('hay alguna ayuda o subsidio?'), null, help)).toBeNull();
  });

  it('declines legal advice and recommendations the article does not give', () => {
    expect(unansweredKind('en', 'is that legal', null, solar)).toBe('legal');
    expect(unansweredKind('es', fold('me recomiendan un electricista?'), null, solar)).toBe('recommendation');
    expect(unansweredKind('en', 'is that legal', null, article('State law makes it legal.'))).toBeNull();
  });

  it("declines equipment's price unless an amount line names the equipment", () => {
    expect(unansweredKind('en', 'how much do panels cost', amount, solar)).toBe('equipment');
    expect(unansweredKind('en', 'how much is the solar credit', amount, solar)).toBeNull();
    // The panels are not what is asked for: the days are.
    expect(unansweredKind('en', 'i have panels. how many days can i download', amount, solar)).toBeNull();
    const priced = article('A battery costs $5,000 installed.');
    expect(unansweredKind('en', 'how much does a battery cost', amount, priced)).toBeNull();
  });

  it('declines payback of equipment unless a payback sentence names it', () => {
    const question = fold('zahlt sich ein batteriespeicher zu meiner pv-anlage aus?');
    expect(
      unansweredKind('de', question, null, article('Am meisten lohnt es sich, Solarstrom selbst zu nutzen.')),
    ).toBe('equipment');
    expect(
      unansweredKind('de', question, null, article('Ein Batteriespeicher lohnt sich nach 10 Jahren.')),
    ).toBeNull();
  });
});

import { describe, expect, it } from 'vitest';
import { lineItemText } from './line-item-text.ts';

describe('line item texts', () => {
  it('translate the engine’s words, the demo tariffs’ names and the tier phrases', () => {
    expect(lineItemText('Energy charge, winter, first 750 kWh', 'es')).toBe(
      'Cargo por energía, invierno, primeros 750 kWh',
    );
    expect(lineItemText('Water usage, next 6 kgal', 'de')).toBe('Wasserverbrauch, nächste 6 kgal');
    expect(lineItemText('Gas delivery and supply, over 50 therm', 'ta')).toBe(
      'எரிவாயு விநியோகம் மற்றும் வழங்கல், 50 therm க்கு மேல்',
    );
    expect(lineItemText('Demand charge, summer on-peak', 'de')).toBe('Leistungspreis, Sommer, Hauptzeit');
  });

  it('leave English alone, and a utility’s own names as it wrote them', () => {
    expect(lineItemText('Energy charge, winter, first 750 kWh', 'en')).toBe(
      'Energy charge, winter, first 750 kWh',
    );
    expect(lineItemText('Franchise fee rider, over 10 kWh', 'es')).toBe('Franchise fee rider, más de 10 kWh');
  });
});

import { messages } from '@gridfront/contracts';
import { afterEach, describe, expect, it } from 'vitest';
import { i18n } from './i18n.ts';
import { translateServerMessage } from './server-message.ts';

describe('translateServerMessage', () => {
  afterEach(async () => {
    await i18n.changeLanguage('en');
  });

  it('shows a known spec message in the reader language', async () => {
    await i18n.changeLanguage('de');
    expect(translateServerMessage(messages.invalidCredentials)).toBe(
      'Ungültiger Benutzername oder ungültiges Passwort',
    );
  });

  it('passes an unknown message through unchanged', async () => {
    await i18n.changeLanguage('es');
    expect(translateServerMessage('Account locked for 15 minutes')).toBe('Account locked for 15 minutes');
  });
});

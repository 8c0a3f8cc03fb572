import { describe, expect, it } from 'vitest';
import { i18n } from '../../shared/i18n/i18n.ts';
import { translateValidationMessage } from '../../shared/ui/form-errors.ts';
import { partnerOperationsValidationMessages } from './validation-messages.ts';

describe('partner operations validation messages', () => {
  const english = Object.keys(partnerOperationsValidationMessages['en-US']).sort();

  it.each(Object.keys(partnerOperationsValidationMessages))('%s has exactly the keys of en-US', (locale) => {
    const messages = partnerOperationsValidationMessages[locale as keyof typeof partnerOperationsValidationMessages];
    expect(Object.keys(messages).sort()).toEqual(english);
    for (const value of Object.values(messages)) expect(value).not.toBe('');
  });

  it('translates a contract message once the feature is loaded', async () => {
    await i18n.changeLanguage('it-IT');
    expect(translateValidationMessage('Must be a domain name such as example.com')).toBe(
      'Deve essere un dominio come example.com',
    );
    await i18n.changeLanguage('en-US');
  });
});

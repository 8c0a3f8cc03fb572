import { OPERATION_MESSAGES, operationSettingInput } from '@fleetdesk/contracts';
import { afterEach, describe, expect, it } from 'vitest';
import { i18n } from '../../../shared/i18n/i18n.ts';
import { locales } from '../../../shared/i18n/locales.ts';
import { translateValidationMessage } from '../../../shared/ui/form-errors.ts';
import { fieldEntries, toFieldErrors } from './operation-messages.ts';

describe('operation setting messages', () => {
  afterEach(() => i18n.changeLanguage('en-US'));

  it('has every rule message of the contract in every locale', () => {
    for (const locale of locales) {
      for (const message of Object.values(OPERATION_MESSAGES)) {
        expect(i18n.exists(message, { ns: 'validation', lng: locale }), `${locale}: ${message}`).toBe(true);
      }
    }
  });

  it('keeps the spec wording in English and translates it elsewhere', async () => {
    expect(translateValidationMessage('CreditCard policy must be required')).toBe('CreditCard policy must be required');
    await i18n.changeLanguage('it-IT');
    expect(translateValidationMessage('Deposit policy must be free')).toBe(
      'La politica deposito deve essere senza deposito',
    );
  });

  it('puts contract issues and server fields on the cells they name', () => {
    const parsed = operationSettingInput.safeParse({
      accountPartnerId: '3f1c2a9e-8d4b-4c7a-9e2f-1a2b3c4d5e6f',
      customerPlan: 'free',
      creditCardPolicy: 'not-required',
      depositPolicy: 'required',
      timezone: '+01',
    });
    expect(parsed.success).toBe(false);
    const errors = toFieldErrors(parsed.error?.issues ?? []);
    expect(errors).toEqual(
      expect.arrayContaining([
        { name: ['creditCardPolicy'], errors: ['CreditCard policy must be required'] },
        { name: ['depositPolicy'], errors: ['Deposit policy must be free'] },
        { name: ['currency'], errors: ['Currency must be selected'] },
        { name: ['timezone'], errors: ['Timezone must be full fill'] },
      ]),
    );
    expect(toFieldErrors(fieldEntries({ 'services.sms.apiKey': 'Do not contain whitespace' }))).toEqual([
      { name: ['services', 'sms', 'apiKey'], errors: ['Do not contain whitespace'] },
    ]);
  });
});

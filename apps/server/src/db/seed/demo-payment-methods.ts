import { randomBytes, randomUUID } from 'node:crypto';
import type { PaymentMethodType } from '@fleetdesk/contracts';
import type { SecretBox } from '../../lib/secret-box.ts';
import * as paymentMethodsRepo from '../../modules/payment-methods/payment-methods.repo.ts';
import type { DbOrTx } from '../client.ts';
import type { DemoPartners } from './demo.ts';

/** Stripe-shaped test-mode keys: the right prefixes and alphabet, random and useless outside the demo. */
const stripeLike = (prefix: string, length = 40) => {
  const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';
  const bytes = randomBytes(length);
  return prefix + Array.from(bytes, (b) => alphabet[b % alphabet.length]).join('');
};

/**
 * Milano takes cards, Apple Pay and SEPA debit; Barcelona cards only; Seoul has nothing yet, so the partner
 * settings overview shows it as incomplete. All in test mode: nothing here can charge anyone.
 */
export async function seedDemoPaymentMethods(db: DbOrTx, partners: DemoPartners, secrets: SecretBox) {
  const setups: { partnerId: string; account: string; types: PaymentMethodType[]; descriptor: string }[] = [
    {
      partnerId: partners.milano.id,
      account: '51MiLaNo',
      types: ['credit-card', 'wallet-apple-pay', 'debit-sepa'],
      descriptor: 'MILANO BIKE HUB',
    },
    { partnerId: partners.barcelona.id, account: '51BcNeMo', types: ['credit-card'], descriptor: 'BCN EMOTION' },
  ];
  for (const setup of setups) {
    // One Stripe account per partner: every method of a partner carries the same keys.
    const publishableKey = stripeLike(`pk_test_${setup.account}`);
    const secretKey = stripeLike(`sk_test_${setup.account}`);
    const webhookSecret = stripeLike('whsec_', 32);
    for (const type of setup.types) {
      await paymentMethodsRepo.insert(db, randomUUID(), {
        partnerId: setup.partnerId,
        type,
        provider: 'stripe',
        isEnabled: true,
        publishableKey,
        secretKeySealed: secrets.seal(secretKey),
        webhookSecretSealed: secrets.seal(webhookSecret),
        statementDescriptor: setup.descriptor,
      });
    }
  }
}

import { randomUUID } from 'node:crypto';
import type { SecretBox } from '../../lib/secret-box.ts';
import * as repo from '../../modules/operations/operations.repo.ts';
import type { DbOrTx } from '../client.ts';
import type { DemoPartners } from './demo.ts';

/**
 * Operation settings of the demo partners: Milano and Barcelona run confirmed business models, Seoul's is
 * still a draft so the confirmation can be tried. Every key below is made up (Twilio-, Stripe- and
 * reCAPTCHA-shaped so the screens look real) and sealed like a real one.
 */
export async function seedDemoOperations(db: DbOrTx, partners: DemoPartners, secrets: SecretBox) {
  const confirmedAt = new Date('2026-01-15T09:00:00Z');
  await repo.insert(db, '*', randomUUID(), {
    partnerId: partners.milano.id,
    customerPlan: 'paid-for-rent',
    creditCardPolicy: 'required',
    depositPolicy: 'required',
    currency: 'EUR',
    timezone: '+01:00',
    confirmedAt,
    services: {
      captcha: {
        siteKey: '6LdMilanoDemoSiteKey0000000000000000000',
        secretKey: secrets.seal('6LdMilanoDemoSecretKey00000000000000000x'),
      },
      paymentChannel: {
        publishableKey: 'pk_test_51MilanoDemoPublishable00000000',
        secretKey: secrets.seal('sk_test_51MilanoDemoSecret0000000000Qz7'),
        webhookSecret: secrets.seal('whsec_MilanoDemoWebhook000000000000Lk2'),
      },
    },
  });
  await repo.insert(db, '*', randomUUID(), {
    partnerId: partners.barcelona.id,
    customerPlan: 'free',
    creditCardPolicy: 'required',
    depositPolicy: 'free',
    currency: 'EUR',
    timezone: '+01:00',
    confirmedAt,
    services: {
      imageService: {
        cloudName: 'bcn-emotion-demo',
        apiKey: '418273645512398',
        apiSecret: secrets.seal('bcnDemoImageApiSecret_8f3kQ2'),
      },
    },
  });
  await repo.insert(db, '*', randomUUID(), {
    partnerId: partners.seoul.id,
    customerPlan: 'paid-for-rent',
    creditCardPolicy: 'not-required',
    depositPolicy: 'required',
    currency: 'KRW',
    timezone: '+09:00',
    services: {},
  });

  await repo.upsertSms(db, '*', partners.milano.id, {
    accountSid: 'AC3f9e2b7c41d05a6e8b9c0d1f2a3b4c5d',
    authTokenSealed: secrets.seal('7c2e9a41f0b38d65e1c47a9b2d0f6e83'),
    pathServiceSid: 'VA8d41c7e2b90f35a6d1e4c8b27f05a9c3',
  });
}

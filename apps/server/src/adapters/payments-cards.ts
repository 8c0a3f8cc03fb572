import { randomBytes } from 'node:crypto';
import {
  CARD_ERRORS,
  type CardErrorCode,
  type LocalCardInput,
  SETUP_TEST_CARDS,
  TEST_CARDS,
  type TokenizedCard,
} from '@fleetdesk/contracts';
import type { DbOrTx } from '../db/client.ts';
import * as requests from './local-payments.repo.ts';

/** A card as the provider describes it once attached. */
export interface CardDetails {
  brand: string;
  last4: string;
  expMonth: number;
  expYear: number;
}

export type CardOutcome =
  | { status: 'attached'; ref: string; card: CardDetails }
  | { status: 'declined'; code: CardErrorCode; message: string };

/** A card typed wrongly: which field, and Stripe's code for it. */
export class CardInputError extends Error {
  constructor(
    readonly field: keyof LocalCardInput,
    readonly code: CardErrorCode,
  ) {
    super(CARD_ERRORS[code]);
    this.name = 'CardInputError';
  }
}

/**
 * Taking a card for a customer the way the provider does it (Stripe's dashboard: a SetupIntent confirmed with the
 * card, then the payment method attached to the customer). The card number reaches only the provider.
 */
export interface CardProvider {
  readonly name: 'local' | 'stripe';
  /** Starts taking a card: Stripe answers a SetupIntent's client secret for Elements; the local provider none. */
  setup(input: { customerId: string; providerCustomer: string | null }): Promise<{ clientSecret: string | null }>;
  /** Attaches a tokenized payment method to the customer, or says why the card was declined. */
  attach(input: { customerId: string; paymentMethod: string; providerCustomer: string | null }): Promise<CardOutcome>;
}

const decline = (code: CardErrorCode): CardOutcome => ({ status: 'declined', code, message: CARD_ERRORS[code] });

/** Stripe's test numbers the local provider knows; any other number is a live card, refused in test mode. */
const knownNumbers = new Set<string>([
  ...Object.values(TEST_CARDS)
    .map((c) => c.number)
    .filter((n) => /^\d+$/.test(n)),
  ...Object.values(SETUP_TEST_CARDS).map((c) => c.number),
  '4000056655665556',
  '5200828282828210',
  '6011111111111117',
]);

/** What attaching these numbers answers (Stripe test mode); every other known number attaches. */
const attachDeclines: Record<string, CardErrorCode> = {
  [TEST_CARDS.declined.number]: 'card_declined',
  [TEST_CARDS.insufficientFunds.number]: 'insufficient_funds',
  [SETUP_TEST_CARDS.expired.number]: 'expired_card',
  [SETUP_TEST_CARDS.incorrectCvc.number]: 'incorrect_cvc',
  [SETUP_TEST_CARDS.processingError.number]: 'processing_error',
};

/** Stripe's own test tokens stand for their card, as in Stripe's test mode. */
const tokenNumbers: Record<string, string> = Object.fromEntries(
  [...Object.values(TEST_CARDS), SETUP_TEST_CARDS.chargeDeclinedAfterAttach].map((c) => [c.token, c.number]),
);

function luhn(digits: string): boolean {
  let sum = 0;
  for (let i = 0; i < digits.length; i += 1) {
    let d = Number(digits[digits.length - 1 - i]);
    if (i % 2 === 1) {
      d *= 2;
      if (d > 9) d -= 9;
    }
    sum += d;
  }
  return sum % 10 === 0;
}

export function brandOf(number: string): string {
  if (/^3[47]/.test(number)) return 'amex';
  if (/^(5[1-5]|2[2-7])/.test(number)) return 'mastercard';
  if (/^(6011|65)/.test(number)) return 'discover';
  if (number.startsWith('4')) return 'visa';
  return 'unknown';
}

/** Checks a typed card as Stripe's tokenize call does: number, then expiry, then the CVC's length. */
export function checkCard(input: LocalCardInput, now = new Date()): { number: string; expYear: number } {
  const number = input.number.replace(/[\s-]/g, '');
  if (!/^\d{12,19}$/.test(number) || !luhn(number)) throw new CardInputError('number', 'incorrect_number');
  if (input.expMonth < 1 || input.expMonth > 12) throw new CardInputError('expMonth', 'invalid_expiry_month');
  const expYear = input.expYear < 100 ? 2000 + input.expYear : input.expYear;
  const year = now.getUTCFullYear();
  if (expYear < year || expYear > year + 50) throw new CardInputError('expYear', 'invalid_expiry_year');
  if (expYear === year && input.expMonth < now.getUTCMonth() + 1)
    throw new CardInputError('expMonth', 'invalid_expiry_month');
  const cvcLength = brandOf(number) === 'amex' ? 4 : 3;
  if (!new RegExp(`^\\d{${cvcLength}}$`).test(input.cvc)) throw new CardInputError('cvc', 'invalid_cvc');
  return { number, expYear };
}

const LOCAL_METHOD = 'payment_method';

/**
 * The local provider's card side: tokenize (Stripe's POST /v1/payment_methods) keeps the test card in the
 * provider's own table under a new pm_… id; attach answers as Stripe's test mode does for that number.
 */
export function localCards(db: DbOrTx) {
  return {
    /** Makes a payment method of a typed card; a number that is not one of Stripe's test cards is declined. */
    async tokenize(input: LocalCardInput): Promise<TokenizedCard | { declined: CardErrorCode }> {
      const { number, expYear } = checkCard(input);
      if (!knownNumbers.has(number)) return { declined: 'live_card_in_test_mode' };
      const id = `pm_local_${randomBytes(12).toString('hex')}`;
      const card = { brand: brandOf(number), last4: number.slice(-4), expMonth: input.expMonth, expYear };
      await requests.insertRequest(db, {
        idempotencyKey: id,
        operation: LOCAL_METHOD,
        params: { number, ...card },
        response: { status: 'succeeded', ref: id },
      });
      return { id, card };
    },
    provider: {
      name: 'local',
      setup: async () => ({ clientSecret: null }),
      async attach({ paymentMethod }) {
        const card = await cardOf(db, paymentMethod);
        if (!card) return decline('card_declined');
        const refused = attachDeclines[card.number];
        if (refused) return decline(refused);
        const { number: _number, ...details } = card;
        return { status: 'attached', ref: paymentMethod, card: details };
      },
    } satisfies CardProvider,
  };
}

/** The card behind a local payment method id, or behind one of Stripe's test tokens. */
async function cardOf(db: DbOrTx, paymentMethod: string): Promise<(CardDetails & { number: string }) | undefined> {
  const stored = await requests.requestOf(db, paymentMethod);
  if (stored?.operation === LOCAL_METHOD) return stored.params as unknown as CardDetails & { number: string };
  const number = tokenNumbers[paymentMethod];
  if (!number) return undefined;
  const year = new Date().getUTCFullYear() + 3;
  return { number, brand: brandOf(number), last4: number.slice(-4), expMonth: 12, expYear: year };
}

/** The test card number a local payment method id stands for (charges answer by the number), else the id itself. */
export async function localCardNumber(db: DbOrTx, paymentMethod: string): Promise<string> {
  if (!paymentMethod.startsWith('pm_local_')) return paymentMethod;
  const stored = await requests.requestOf(db, paymentMethod);
  return stored?.operation === LOCAL_METHOD ? (stored.params as { number: string }).number : paymentMethod;
}

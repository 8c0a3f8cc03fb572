import { randomUUID } from 'node:crypto';
import type { CustomerPaymentMethodType, IdentityDocumentType, MarketingReportedSource } from '@fleetdesk/contracts';
import { marketingReportedSources, TEST_CARDS } from '@fleetdesk/contracts';
import sharp from 'sharp';
import type { FileStorage } from '../../adapters/storage.ts';
import type { SecretBox } from '../../lib/secret-box.ts';
import { hashPassword } from '../../lib/secrets.ts';
import * as repo from '../../modules/customers/customers.repo.ts';
import type { DbOrTx } from '../client.ts';
import { customerPaymentMethods } from '../schema/index.ts';
import type { DemoPartners } from './demo.ts';
import { seededRandom } from './random.ts';

const DAY = 24 * 60 * 60 * 1000;

const people = {
  milano: {
    first: ['Marco', 'Giulia', 'Luca', 'Chiara', 'Matteo', 'Sara', 'Alessandro', 'Francesca', 'Davide', 'Elisa'],
    last: ['Rossi', 'Russo', 'Ferrari', 'Esposito', 'Bianchi', 'Romano', 'Colombo', 'Ricci', 'Marino', 'Greco'],
    phone: (n: number) => `+39333${String(1000000 + n).slice(1)}`,
    mail: 'example.it',
    city: 'Milano',
    zip: '20121',
    street: ['Via Dante 4', 'Corso Buenos Aires 33', 'Via Torino 51', 'Viale Monza 120', 'Via Padova 8'],
    country: 'IT',
  },
  barcelona: {
    first: ['Jordi', 'Laia', 'Pau', 'Marta', 'Marc', 'Núria', 'Àlex', 'Carla', 'Sergi', 'Júlia'],
    last: ['Garcia', 'Martínez', 'López', 'Puig', 'Vidal', 'Soler', 'Serra', 'Ferrer', 'Font', 'Roca'],
    phone: (n: number) => `+34612${String(1000000 + n).slice(1)}`,
    mail: 'example.es',
    city: 'Barcelona',
    zip: '08003',
    street: ['Carrer de Mallorca 210', 'Passeig de Gràcia 55', 'Carrer de Sants 88', 'Rambla del Raval 12'],
    country: 'ES',
  },
  seoul: {
    first: ['Min-jun', 'Seo-yeon', 'Ji-ho', 'Ha-eun', 'Do-yun', 'Ji-woo', 'Eun-woo', 'Su-ah', 'Si-woo', 'Ye-jin'],
    last: ['Kim', 'Lee', 'Park', 'Choi', 'Jung', 'Kang', 'Cho', 'Yoon', 'Jang', 'Lim'],
    phone: (n: number) => `+8210${String(10000000 + n).slice(1)}`,
    mail: 'example.kr',
    city: 'Seoul',
    zip: '04524',
    street: ['12 Eulji-ro, Jung-gu', '45 Teheran-ro, Gangnam-gu', '7 Itaewon-ro, Yongsan-gu'],
    country: 'KR',
  },
};

/** Stripe's test payment methods, charged by the local provider as Stripe's test mode would: the Apple Pay one declines. */
const cards: { type: CustomerPaymentMethodType; brand: string | null; last4: string | null; token: string }[] = [
  { type: 'credit-card', brand: 'visa', last4: '4242', token: TEST_CARDS.success.token },
  { type: 'credit-card', brand: 'mastercard', last4: '4444', token: TEST_CARDS.mastercard.token },
  { type: 'credit-card', brand: 'amex', last4: '0005', token: TEST_CARDS.amex.token },
  { type: 'wallet-apple-pay', brand: 'visa', last4: '0002', token: TEST_CARDS.declined.token },
  { type: 'debit-sepa', brand: null, last4: '3000', token: TEST_CARDS.sepaDebit.token },
];

/** A plain drawing of an identity document (or a selfie placeholder) so the review modal has something to show. */
async function identityImage(kind: 'front' | 'back' | 'selfie', name: string, number: string) {
  const text =
    kind === 'selfie'
      ? `<circle cx="320" cy="170" r="90" fill="#c9d6e3"/><rect x="190" y="270" width="260" height="120" rx="60" fill="#c9d6e3"/>`
      : kind === 'front'
        ? `<rect x="40" y="90" width="150" height="190" fill="#c9d6e3"/>
           <text x="220" y="130" font-size="30" font-family="sans-serif" fill="#1f2d3d">${name}</text>
           <text x="220" y="180" font-size="22" font-family="sans-serif" fill="#1f2d3d">No. ${number}</text>
           <text x="220" y="220" font-size="18" font-family="sans-serif" fill="#52606d">DEMO DOCUMENT</text>`
        : `<rect x="40" y="300" width="560" height="50" fill="#1f2d3d"/>
           <text x="40" y="120" font-size="20" font-family="monospace" fill="#1f2d3d">&lt;&lt;${number}&lt;&lt;DEMO&lt;&lt;</text>`;
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="640" height="400">
    <rect width="640" height="400" rx="24" fill="${kind === 'selfie' ? '#eef2f6' : '#f5e9c8'}"/>${text}</svg>`;
  return sharp(Buffer.from(svg)).png().toBuffer();
}

async function sharedImages(storage: FileStorage) {
  const backImage = `identity/${randomUUID()}.png`;
  const selfie = `identity/${randomUUID()}.png`;
  await storage.put(backImage, await identityImage('back', '', 'X0000000'));
  await storage.put(selfie, await identityImage('selfie', '', ''));
  return { backImage, selfie };
}

const CODE_ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';
/** Four characters of a referral code, distinct for every number below 32⁴. */
const codeOf = (value: number) =>
  Array.from({ length: 4 }, (_, i) => CODE_ALPHABET[Math.floor(value / 32 ** i) % 32]).join('');

/**
 * About sixty customers over the three partners: some in two partners, identity verifications pending (with
 * images when a file store is given), approved, denied or never submitted, cards valid and expired, referrals,
 * a few deleted. One shared demo password, hashed once.
 */
export async function seedDemoCustomers(
  db: DbOrTx,
  partners: DemoPartners,
  opts: { password: string; secrets: SecretBox; storage?: FileStorage | undefined; now?: Date },
) {
  const random = seededRandom(4242);
  const now = opts.now ?? new Date();
  const passwordHash = await hashPassword(opts.password);
  const partnerKeys = ['milano', 'milano', 'milano', 'barcelona', 'barcelona', 'seoul'] as const;
  const created: { id: string; referralCode: string; partnerId: string }[] = [];
  let shared: { backImage: string; selfie: string } | undefined;
  for (let n = 0; n < 60; n += 1) {
    const key = partnerKeys[n % partnerKeys.length] as keyof typeof people;
    const p = people[key];
    const partner = partners[key];
    const first = p.first[n % p.first.length] as string;
    const last = p.last[(n * 3 + 1) % p.last.length] as string;
    const id = randomUUID();
    const phoneNo = p.phone(1000 + n * 37);
    const hasEmail = n % 7 !== 3;
    const createdAt = new Date(now.getTime() - (n * 3 + random.int(0, 2)) * DAY - random.int(0, 86_000) * 1000);
    const referralCode = `${key.slice(0, 2).toUpperCase()}${codeOf(12_345 + n * 7919)}`;
    const source: MarketingReportedSource = random.pick(marketingReportedSources);
    await repo.insert(db, {
      id,
      referralCode,
      passwordHash,
      phoneNo,
      firstName: first,
      lastName: last,
      email: hasEmail ? `${`${first}.${last}.${n}`.toLowerCase().replace(/[^a-z0-9.]/g, '')}@${p.mail}` : null,
      emailVerifiedAt: hasEmail && n % 5 !== 0 ? createdAt : null,
      whatsApp: n % 4 === 0 ? phoneNo : null,
      contactAddress: { line1: random.pick(p.street), city: p.city, zip: p.zip, country: p.country },
      overnightAddress:
        n % 6 === 0 ? { line1: random.pick(p.street), city: p.city, zip: p.zip, country: p.country } : null,
      marketingReportedSource: source,
      isMarketingConsented: n % 3 !== 0,
      note: n % 11 === 0 ? 'Prefers a call before pick-up' : null,
      createdAt,
      updatedAt: createdAt,
    });
    await repo.addMembership(db, { customerId: id, partnerId: partner.id, phoneNo, joinedAt: createdAt });
    // A few Milano riders also rent in Barcelona.
    if (key === 'milano' && n % 9 === 0) {
      await repo.addMembership(db, {
        customerId: id,
        partnerId: partners.barcelona.id,
        phoneNo,
        joinedAt: new Date(Math.min(now.getTime(), createdAt.getTime() + 30 * DAY)),
      });
    }

    const status = n % 6 === 1 ? 'pending' : n % 10 === 4 ? 'denied' : n % 3 === 0 ? 'approved' : 'not-apply';
    if (status !== 'not-apply') {
      const documentType: IdentityDocumentType = random.pick(['id-card', 'driver-license', 'passport'] as const);
      const documentNumber = `${p.country}${String(5_000_000 + n * 7919)}`;
      const images: { frontImage?: string; backImage?: string; selfie?: string } = {};
      if (opts.storage) {
        images.frontImage = `identity/${randomUUID()}.png`;
        await opts.storage.put(images.frontImage, await identityImage('front', `${first} ${last}`, documentNumber));
        // The back and the selfie say nothing about the person in a demo: drawn once, shared.
        shared ??= await sharedImages(opts.storage);
        Object.assign(images, shared);
      }
      const submittedAt = new Date(createdAt.getTime() + 2 * 60 * 60 * 1000);
      const ssn = key === 'milano' && n % 12 === 1 ? `90${String(1_000_000 + n * 31).slice(-7)}` : null;
      await repo.upsertIdentity(db, '*', id, {
        status,
        documentType,
        documentNumber,
        firstName: first,
        lastName: last,
        dateOfBirth: `${1965 + (n % 35)}-${String((n % 12) + 1).padStart(2, '0')}-${String((n % 27) + 1).padStart(2, '0')}`,
        issueDate: `${2019 + (n % 5)}-03-15`,
        expiryDate: `${2029 + (n % 5)}-03-14`,
        ...(ssn ? { ssnOrItinSealed: opts.secrets.seal(ssn), ssnOrItinLast4: ssn.slice(-4) } : {}),
        ...images,
        submittedAt,
        reviewedAt: status === 'pending' ? null : new Date(submittedAt.getTime() + DAY),
        denyReason: status === 'denied' ? 'The document photo is blurred; please upload a sharper picture' : null,
      });
    }

    if (n % 5 !== 2) {
      const card = cards[n % cards.length] as (typeof cards)[number];
      const expired = n % 13 === 0;
      await db.insert(customerPaymentMethods).values({
        id: randomUUID(),
        customerId: id,
        type: card.type,
        brand: card.brand,
        last4: card.last4,
        expMonth: card.type === 'debit-sepa' ? null : (n % 12) + 1,
        expYear: card.type === 'debit-sepa' ? null : expired ? now.getUTCFullYear() - 1 : now.getUTCFullYear() + 2,
        providerRef: card.token,
        valid: !expired,
        createdAt,
        updatedAt: createdAt,
      });
    }
    created.push({ id, referralCode, partnerId: partner.id });
  }

  // Referrals: every eighth customer was brought by an earlier customer of the same partner.
  for (let n = 8; n < created.length; n += 8) {
    const customer = created[n] as (typeof created)[number];
    const referrer = created.slice(0, n).find((c) => c.partnerId === customer.partnerId);
    if (referrer) await repo.confirmReferrer(db, '*', customer.id, referrer.id);
  }
  // Two former customers, deleted: the list shows them archived, last.
  for (const n of [17, 41]) await repo.setDeleted(db, '*', (created[n] as (typeof created)[number]).id, true);
}

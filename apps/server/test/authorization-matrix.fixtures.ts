import { randomUUID } from 'node:crypto';
import { TEST_CARDS } from '@fleetdesk/contracts';
import { sql } from 'drizzle-orm';
import sharp from 'sharp';
import { accountAccessFixtures } from './authorization-matrix.account-access.ts';
import { bindingFixtures } from './authorization-matrix.binding.ts';
import { checklistRecordFixtures } from './authorization-matrix.checklist-records.ts';
import { checklistFixtures } from './authorization-matrix.checklists.ts';
import { customerTicketFixtures } from './authorization-matrix.customer-tickets.ts';
import { mdsFixtures } from './authorization-matrix.mds.ts';
import { notificationFixtures } from './authorization-matrix.notifications.ts';
import { openDataFixtures } from './authorization-matrix.open-data.ts';
import { reminderLogFixtures } from './authorization-matrix.reminder-logs.ts';
import { reminderConfigFixtures } from './authorization-matrix.reminders.ts';
import { subscriptionOrderFixtures } from './authorization-matrix.subscription-orders.ts';
import { subscriptionPackageFixtures } from './authorization-matrix.subscription-packages.ts';
import { subscriptionTicketFixtures } from './authorization-matrix.subscription-tickets.ts';
import type { MatrixRequest, MatrixUser } from './authorization-matrix.world.ts';
import { call, multipartFile, type TestContext } from './harness.ts';

/**
 * The fixture table of the authorization matrix: for every endpoint (`METHOD path`), the class of the object it
 * acts on, how to make one of partner A (or an account-wide one) as the owner, and what a caller holding the
 * permission gets when scoped to partner B (column 3) and to partner A or "*" (column 4).
 * Expectations follow the rule of issue 20, not what the code answers today.
 */

export type ObjectClass = 'partner-owned' | 'shared' | 'account-wide' | 'own' | 'none';

export type Outcome =
  | 'success'
  /** Passes the guard (neither 401 nor 403): for endpoints any signed-in user may call. */
  | 'not forbidden'
  | { status: number; code?: string }
  /** 200, and partner A's object is (or is not) in the answer, found by the case's marker. */
  | { listed: boolean };

export interface Case {
  request: MatrixRequest;
  /** A string that appears in a list's answer exactly when partner A's object is in it. */
  marker?: string;
  /** Column 4's caller when the scope must be something other than partner A (a partner made for the case). */
  ownUser?: () => Promise<MatrixUser>;
}

export type Fixture =
  | { class: ObjectClass; todo: string }
  | {
      class: ObjectClass;
      /** Makes partner A's (or the account's) object through the API and returns the call on it. */
      build?: (w: World) => Promise<Case>;
      /** Column 3: a caller with every permission, scoped to partner B. Absent: not applicable (e.g. public). */
      otherPartner?: Outcome;
      /** Column 4's caller: scoped to partner A (default) or to every partner. */
      ownScope?: 'A' | '*';
      /** Column 4's expectation; success by default. */
      own?: Outcome;
      /** Column 2 for endpoints any signed-in user passes the guard of, when the service needs a permission. */
      noPermission?: Outcome;
    };

export const NOT_FOUND = { status: 404, code: 'NotFound' } as const;
export const OUT_OF_SCOPE = { status: 403, code: 'PartnerOutOfScope' } as const;
const HIDDEN = { listed: false } as const;
const LISTED = { listed: true } as const;

/** What fixtures build on: the test context, the two partners and builders that make objects as the owner. */
export interface World {
  t: TestContext;
  partnerA: string;
  partnerB: string;
  owner: string;
  png: Buffer;
  taxGroupId: string;
  /** An enabled category with one IMAGE property, shared by the asset fixtures. */
  category: { id: string; imagePropertyId: string };
  unique(base: string): string;
  /** Calls the API as the owner and returns `data`, throwing when the call does not succeed. */
  ownerCall<T = Record<string, unknown>>(method: Method, url: string, body?: unknown): Promise<T>;
  newCategory(): Promise<{ id: string; name: string; propertyId: string }>;
  newAsset(partnerId?: string, siteId?: string): Promise<{ id: string; no: string }>;
  newSite(partnerId?: string): Promise<{ id: string; name: string }>;
  newTaxGroup(): Promise<{ id: string; name: string }>;
  newCustomer(partnerId?: string): Promise<{ id: string; phoneNo: string; email: string }>;
  newPartner(): Promise<{ id: string; name: string }>;
  /** A partner of its own for a singleton keyed by partner (its settings, its documents), and its column-4 user. */
  ownPartner(): Promise<{ id: string; user: () => Promise<MatrixUser> }>;
  /** An operation setting of this partner (confirmed when asked: pricing needs one). */
  operationSetting(partnerId: string, confirm?: boolean): Promise<{ id: string }>;
  /** A partner of its own with a confirmed operation setting and a pricing part on a new category. */
  pricedPartner(): Promise<{
    id: string;
    categoryId: string;
    programId: string;
    planId: string;
    user: () => Promise<MatrixUser>;
  }>;
  /** A new user with every permission, scoped to these partners (column 4 when partner A's user will not do). */
  freshUser(scope: '*' | string[]): Promise<MatrixUser>;
}

type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/** Builds the shared objects once and returns the builders the fixtures use. */
export async function world(t: TestContext, freshUser: World['freshUser']): Promise<World> {
  let counter = 0;
  let phone = 0;
  const unique = (base: string) => `${base} ${++counter}-${randomUUID().slice(0, 4)}`;
  const owner = t.owner.token;
  async function ownerCall<T>(method: Method, url: string, body?: unknown): Promise<T> {
    const res = await call(t.app, method, url, { token: owner, body });
    if (res.statusCode < 200 || res.statusCode > 299) {
      throw new Error(`fixture ${method} ${url} failed: ${res.statusCode} ${res.body}`);
    }
    return res.statusCode === 204 ? ({} as T) : (res.json<{ data: T }>().data as T);
  }
  const png = await sharp({ create: { width: 30, height: 20, channels: 3, background: { r: 20, g: 90, b: 200 } } })
    .png()
    .toBuffer();

  async function newCategory() {
    const name = unique('Category');
    const created = await ownerCall<{ id: string; properties: { id: string }[] }>('POST', '/asset/categories', {
      name,
      assetType: 'EBIKE',
      properties: [{ name: 'Photo', valueType: 'IMAGE', updateMethod: 'MANUAL' }],
    });
    return { id: created.id, name, propertyId: created.properties[0]?.id as string };
  }
  const taxGroup = async () => {
    const name = unique('Tax group');
    const created = await ownerCall<{ id: string }>('POST', '/sale/taxGroups', {
      name,
      displayName: 'IVA 22%',
      country: 'IT',
      rates: [
        { subject: 'rental', rate: 22 },
        { subject: 'service-hardware', rate: 22 },
        { subject: 'service-labour', rate: 22 },
      ],
    });
    return { id: created.id, name };
  };
  async function ownPartner() {
    const created = await ownerCall<{ id: string }>('POST', '/account/partners', { name: unique('Own partner') });
    return { id: created.id, user: () => freshUser([created.id]) };
  }
  async function operationSetting(partnerId: string, confirm = false) {
    const created = await ownerCall<{ id: string }>('POST', '/account/settings/operations', {
      ...operationSettingBody,
      accountPartnerId: partnerId,
    });
    if (confirm) await ownerCall('POST', `/account/settings/operations/${created.id}/$confirm`);
    return { id: created.id };
  }
  const sharedCategory = await newCategory();
  const sharedTax = await taxGroup();

  return {
    t,
    partnerA: t.partnerA.id,
    partnerB: t.partnerB.id,
    owner,
    png,
    taxGroupId: sharedTax.id,
    category: { id: sharedCategory.id, imagePropertyId: sharedCategory.propertyId },
    unique,
    ownerCall,
    newCategory,
    async newAsset(partnerId = t.partnerA.id, siteId?: string) {
      const no = `MX${String(++counter).padStart(6, '0')}`;
      const created = await ownerCall<{ id: string }>('POST', `/asset/categories/${sharedCategory.id}/assets`, {
        no,
        partnerId,
        usageMode: 'customer-rental',
        ...(siteId ? { siteId } : {}),
      });
      return { id: created.id, no };
    },
    async newSite(partnerId = t.partnerA.id) {
      const name = unique('Site').slice(0, 50);
      const created = await ownerCall<{ id: string }>('POST', '/inventory/sites', {
        partnerId,
        name,
        type: 'station',
        city: 'Milano',
      });
      return { id: created.id, name };
    },
    newTaxGroup: taxGroup,
    async newCustomer(partnerId = t.partnerA.id) {
      const phoneNo = `+3933300${String(++phone).padStart(5, '0')}`;
      const email = `customer${phone}@test.local`;
      const created = await ownerCall<{ id: string }>('POST', '/customer/customers', {
        partnerId,
        phoneNo,
        email,
        name: { first: 'Marta', last: 'Vidal' },
        password: 'secret1',
      });
      return { id: created.id, phoneNo, email };
    },
    async newPartner() {
      const name = unique('Partner');
      const created = await ownerCall<{ id: string }>('POST', '/account/partners', { name });
      return { id: created.id, name };
    },
    ownPartner,
    operationSetting,
    async pricedPartner() {
      const p = await ownPartner();
      await operationSetting(p.id, true);
      const category = await newCategory();
      const pricing = await ownerCall<{ programId: string; paymentPlans: { id: string }[] }>(
        'POST',
        `/renting/programs/partners/${p.id}/categories/${category.id}/pricingPart`,
        pricingBodyOf(),
      );
      return {
        id: p.id,
        categoryId: category.id,
        programId: pricing.programId,
        planId: pricing.paymentPlans[0]?.id as string,
        user: p.user,
      };
    },
    freshUser,
  };
}

/** A fresh asset number: capital letters and digits. */
export const assetNo = (prefix: string) => `${prefix}${randomUUID().replaceAll('-', '').slice(0, 8).toUpperCase()}`;

export const image = (w: World) => ({ content: w.png, filename: 'picture.png', type: 'image/png' });

/** An account-wide object changed: only scope "*" may (403 PartnerOutOfScope otherwise, nothing written). */
export const accountWideWrite = (build: (w: World) => Promise<Case>, own: Outcome = 'success'): Fixture => ({
  class: 'account-wide',
  build,
  otherPartner: OUT_OF_SCOPE,
  ownScope: '*',
  own,
});
/** An account-wide object read: every caller with the permission, whatever the scope. */
export const accountWideRead = (build: (w: World) => Promise<Case>): Fixture => ({
  class: 'account-wide',
  build,
  otherPartner: 'success',
});
/** A partner-owned object by id: another partner's is 404, exactly as a missing one. */
export const byId = (build: (w: World) => Promise<Case>): Fixture => ({
  class: 'partner-owned',
  build,
  otherPartner: NOT_FOUND,
});
/** A call naming partner A explicitly (path or body): 403 PartnerOutOfScope for partner B's staff. */
export const namingPartner = (build: (w: World) => Promise<Case>): Fixture => ({
  class: 'partner-owned',
  build,
  otherPartner: OUT_OF_SCOPE,
});
/** A list: partner B's staff do not see partner A's object, partner A's do. */
export const listing = (build: (w: World) => Promise<Case>): Fixture => ({
  class: 'partner-owned',
  build,
  otherPartner: HIDDEN,
  own: LISTED,
});
const publicEndpoint: Fixture = { class: 'none' };

const categoryRead = accountWideRead(async (w) => ({ request: { params: { id: w.category.id } } }));

/** The body of each part of a program (document 2 §3), as the owner writes them. */
const partBodies = {
  pricingPart: pricingBodyOf(),
  depositPart: { amount: 50 },
  rulePart: {
    assetRentalLimit: 1,
    manualConfirmationPolicy: 'not-required',
    crossSiteReturnPolicy: 'allowed',
    returnLocationDetection: 'disabled',
    assetConditionDetection: { locked: false },
  },
};

export const fixtures: Record<string, Fixture> = {
  // account
  'GET /account/users/$me/profile': { class: 'own', build: async () => ({ request: {} }), otherPartner: 'success' },
  'GET /account/permissions': accountWideRead(async () => ({ request: {} })),
  'GET /account/accounts/me': accountWideRead(async () => ({ request: {} })),
  'PATCH /account/accounts/me': accountWideWrite(async (w) => ({ request: { body: { name: w.unique('Account') } } })),
  'GET /account/clientLink': accountWideRead(async () => ({ request: {} })),
  'PUT /account/accounts/me/logo': accountWideWrite(async (w) => ({ request: { file: image(w) } })),

  // auth
  'POST /account/auth/login': publicEndpoint,
  'POST /account/auth/verification-codes': publicEndpoint,
  'POST /account/auth/logout': {
    class: 'own',
    build: async (w) => ({ request: {}, ownUser: () => w.freshUser([w.partnerA]) }),
  },

  // categories and properties: account-wide
  'GET /asset/categories': accountWideRead(async () => ({ request: {} })),
  'GET /asset/categorySummaries': accountWideRead(async () => ({ request: {} })),
  'GET /asset/categories/:id': categoryRead,
  'GET /asset/categories/:id/properties': categoryRead,
  'GET /asset/properties': accountWideRead(async (w) => ({ request: { query: { categoryId: w.category.id } } })),
  'POST /asset/categories': accountWideWrite(async (w) => ({
    request: { body: { name: w.unique('New category'), assetType: 'EBIKE', properties: [] } },
  })),
  'PUT /asset/categories/:id': accountWideWrite(async (w) => {
    const c = await w.newCategory();
    return {
      request: {
        params: { id: c.id },
        body: {
          name: `${c.name} renamed`,
          assetType: 'EBIKE',
          properties: [{ id: c.propertyId, name: 'Photo', valueType: 'IMAGE', updateMethod: 'MANUAL' }],
        },
      },
    };
  }),
  'POST /asset/categories/:id/$enable': accountWideWrite(async (w) => {
    const c = await w.newCategory();
    await w.ownerCall('POST', `/asset/categories/${c.id}/$disable`);
    return { request: { params: { id: c.id } } };
  }),
  'POST /asset/categories/:id/$disable': accountWideWrite(async (w) => {
    const c = await w.newCategory();
    // An asset of partner A in it: disabling retires it, the very harm a partner-scoped user must not cause.
    await w.ownerCall('POST', `/asset/categories/${c.id}/assets`, {
      no: assetNo('DX'),
      partnerId: w.partnerA,
      usageMode: 'customer-rental',
    });
    return { request: { params: { id: c.id } } };
  }),
  'PUT /asset/categories/:id/image': accountWideWrite(async (w) => {
    const c = await w.newCategory();
    return { request: { params: { id: c.id }, file: image(w) } };
  }),
  'DELETE /asset/categories/:id/image': accountWideWrite(async (w) => {
    const c = await w.newCategory();
    const { payload, contentType } = await multipartFile(image(w));
    const res = await w.t.app.inject({
      method: 'PUT',
      url: `/api/asset/categories/${c.id}/image`,
      payload,
      headers: { 'content-type': contentType, authorization: `Bearer ${w.owner}` },
    });
    if (res.statusCode !== 200) throw new Error(`category image upload failed: ${res.body}`);
    return { request: { params: { id: c.id } } };
  }),
  'POST /asset/properties': accountWideWrite(async (w) => {
    const c = await w.newCategory();
    return { request: { body: { categoryId: c.id, name: 'Manual', valueType: 'LINK', updateMethod: 'MANUAL' } } };
  }),

  // tax groups: account-wide
  'GET /sale/taxGroups': accountWideRead(async () => ({ request: {} })),
  'GET /sale/taxGroups/:id': accountWideRead(async (w) => ({ request: { params: { id: w.taxGroupId } } })),
  'POST /sale/taxGroups': accountWideWrite(async (w) => ({
    request: {
      body: {
        name: w.unique('Tax'),
        displayName: 'IVA',
        country: 'IT',
        rates: [
          { subject: 'rental', rate: 10 },
          { subject: 'service-hardware', rate: 10 },
          { subject: 'service-labour', rate: 10 },
        ],
      },
    },
  })),
  'PATCH /sale/taxGroups/:id': accountWideWrite(async (w) => {
    const g = await w.newTaxGroup();
    return { request: { params: { id: g.id }, body: { displayName: 'IVA changed' } } };
  }),
  'DELETE /sale/taxGroups/:id': accountWideWrite(async (w) => {
    const g = await w.newTaxGroup();
    return { request: { params: { id: g.id } } };
  }),

  // text suggestions: account-wide values
  'GET /account/settings/text-suggestions/:key/values': accountWideRead(async () => ({
    request: { params: { key: 'order.end-reason' } },
  })),
  'POST /account/settings/text-suggestions/:key/append-values': {
    ...accountWideWrite(async (w) => ({
      request: { params: { key: 'order.end-reason' }, body: { values: [w.unique('Reason')] } },
    })),
    // Issue 20 finding 4: appending needs the permission of the screen the key belongs to.
    noPermission: { status: 403, code: 'Forbidden' },
  },

  // renting config: the invoicing switch is account-wide
  'GET /renting/rentingConfig': accountWideRead(async () => ({ request: {} })),
  'POST /renting/rentingConfig/invoice/$enable': accountWideWrite(async (w) => {
    await w.ownerCall('POST', '/renting/rentingConfig/invoice/$disable');
    return { request: {} };
  }),
  'POST /renting/rentingConfig/invoice/$disable': accountWideWrite(async (w) => {
    await w.ownerCall('POST', '/renting/rentingConfig/invoice/$enable');
    return { request: {} };
  }),

  // assets: partner-owned
  'GET /asset/assets/:no': byId(async (w) => ({ request: { params: { no: (await w.newAsset()).no } } })),
  'PATCH /asset/categories/:categoryId/assets/:no': byId(async (w) => ({
    request: { params: { categoryId: w.category.id, no: (await w.newAsset()).no }, body: { note: 'changed' } },
  })),
  'DELETE /asset/assets/:no': byId(async (w) => ({ request: { params: { no: (await w.newAsset()).no } } })),
  'GET /asset/assets/:no/fieldLogs': byId(async (w) => ({ request: { params: { no: (await w.newAsset()).no } } })),
  'PUT /asset/assets/:no/properties/:propertyId/image': byId(async (w) => ({
    request: { params: { no: (await w.newAsset()).no, propertyId: w.category.imagePropertyId }, file: image(w) },
  })),
  'DELETE /asset/assets/:no/properties/:propertyId/image': byId(async (w) => ({
    request: { params: { no: (await w.newAsset()).no, propertyId: w.category.imagePropertyId } },
  })),
  'POST /asset/categories/:categoryId/assets': namingPartner(async (w) => ({
    request: {
      params: { categoryId: w.category.id },
      body: { no: assetNo('NA'), partnerId: w.partnerA, usageMode: 'customer-rental' },
    },
  })),
  'GET /asset/assets/$findAssetNos': listing(async (w) => {
    const { no } = await w.newAsset();
    return { request: { query: { prefix: no } }, marker: no };
  }),

  // sites: partner-owned
  'GET /inventory/sites/:id': byId(async (w) => ({ request: { params: { id: (await w.newSite()).id } } })),
  'PATCH /inventory/sites/:id': byId(async (w) => ({
    request: { params: { id: (await w.newSite()).id }, body: { city: 'Torino' } },
  })),
  'DELETE /inventory/sites/:id': byId(async (w) => ({ request: { params: { id: (await w.newSite()).id } } })),
  'PUT /inventory/sites/:id/image': byId(async (w) => ({
    request: { params: { id: (await w.newSite()).id }, file: image(w) },
  })),
  'DELETE /inventory/sites/:id/image': byId(async (w) => {
    const site = await w.newSite();
    return { request: { params: { id: site.id } } };
  }),
  'POST /inventory/sites': namingPartner(async (w) => ({
    request: {
      body: { partnerId: w.partnerA, name: w.unique('New site').slice(0, 50), type: 'station', city: 'Roma' },
    },
  })),
  'POST /inventory/sites/$batch': namingPartner(async (w) => ({
    request: {
      body: { sites: [{ partnerId: w.partnerA, name: w.unique('Batch').slice(0, 50), type: 'station', city: 'Roma' }] },
    },
  })),
  'GET /inventory/sites': listing(async (w) => {
    const site = await w.newSite();
    return { request: {}, marker: site.id };
  }),
  'POST /inventory/sites/$all/query': listing(async (w) => {
    const site = await w.newSite();
    return { request: { body: {} }, marker: site.id };
  }),

  // partners: the partner itself is partner-owned
  'GET /account/partners': listing(async (w) => ({ request: {}, marker: w.partnerA })),
  'GET /account/partners/$all': listing(async (w) => ({ request: {}, marker: w.partnerA })),
  'GET /account/partners/:id': byId(async (w) => ({ request: { params: { id: w.partnerA } } })),
  'PUT /account/partners/:id': byId(async (w) => ({
    request: { params: { id: w.partnerA }, body: { name: 'Partner A' } },
  })),
  // Only an account user deletes a partner: a partner user scoped to it would still reference it.
  'DELETE /account/partners/:id': {
    ...byId(async (w) => ({ request: { params: { id: (await w.newPartner()).id } } })),
    ownScope: '*',
  },
  // A new partner is seen by nobody but account users: creating one needs scope "*".
  'POST /account/partners': accountWideWrite(async (w) => ({ request: { body: { name: w.unique('Partner') } } })),

  // customers: partner-owned through memberships (one membership here; shared customers have their own tests)
  'GET /customer/customers': listing(async (w) => {
    const c = await w.newCustomer();
    return { request: {}, marker: c.id };
  }),
  'GET /customer/customers/:id': byId(async (w) => ({ request: { params: { id: (await w.newCustomer()).id } } })),
  'PATCH /customer/customers/:id': byId(async (w) => ({
    request: { params: { id: (await w.newCustomer()).id }, body: { note: 'changed' } },
  })),
  'DELETE /customer/customers/:id': byId(async (w) => ({ request: { params: { id: (await w.newCustomer()).id } } })),
  'POST /customer/customers/:id/$restore': byId(async (w) => {
    const c = await w.newCustomer();
    await w.ownerCall('DELETE', `/customer/customers/${c.id}`);
    return { request: { params: { id: c.id } } };
  }),
  'GET /customer/customers/:id/fieldLogs': byId(async (w) => ({
    request: { params: { id: (await w.newCustomer()).id } },
  })),
  'POST /customer/customers/:id/$resetPassword': byId(async (w) => ({
    request: { params: { id: (await w.newCustomer()).id } },
  })),
  'POST /customer/customers': namingPartner(async (w) => ({
    request: {
      body: {
        partnerId: w.partnerA,
        phoneNo: `+3934400${String(Math.floor(Math.random() * 1e5)).padStart(5, '0')}`,
        name: { first: 'Ada', last: 'Neri' },
        password: 'secret1',
      },
    },
  })),
  'POST /customer/customers/:id/memberships': {
    class: 'shared',
    build: async (w) => {
      const c = await w.newCustomer(w.partnerB);
      return { request: { params: { id: c.id }, body: { partnerId: w.partnerA } } };
    },
    // Partner B's staff see the customer, but partner A is not theirs to add it to.
    otherPartner: OUT_OF_SCOPE,
    ownScope: '*',
  },

  'GET /customer/customers/$export': listing(async (w) => {
    const c = await w.newCustomer();
    return { request: {}, marker: c.phoneNo };
  }),
  'POST /customer/customers/:id/$sendMail': byId(async (w) => ({
    request: { params: { id: (await w.newCustomer()).id }, body: { kind: 'bind-card' } },
  })),
  'POST /customer/$verifyEmail': publicEndpoint,
  'POST /customer/customers/$getByReferralCode': {
    ...byId(async (w) => ({
      request: { body: { referralCode: await referralCodeOf(w, (await w.newCustomer()).id) } },
    })),
    // Partner A's customer's code is answered as an unknown code would be.
    otherPartner: { status: 422, code: 'ReferralCodeInvalid' },
  },
  'POST /customer/customers/:id/$confirmReferrerCode': byId(async (w) => {
    const referralCode = await referralCodeOf(w, (await w.newCustomer()).id);
    return { request: { params: { id: (await w.newCustomer()).id }, body: { referralCode } } };
  }),
  'DELETE /customer/customers/:id/paymentMethods/:paymentMethodId': byId(async (w) => {
    const { id } = await w.newCustomer();
    const paymentMethodId = await customerCard(w, id);
    return { request: { params: { id, paymentMethodId } } };
  }),
  // The counter (issue 21): the e-mail vouched for by staff, and a card taken by staff.
  'POST /customer/customers/:id/$markEmailVerified': byId(async (w) => ({
    request: { params: { id: (await w.newCustomer()).id }, body: { reason: 'Saw the identity card' } },
  })),
  'POST /customer/customers/:id/paymentMethods/$setup': byId(async (w) => ({
    request: { params: { id: (await w.newCustomer()).id } },
  })),
  'POST /customer/customers/:id/paymentMethods': byId(async (w) => ({
    request: { params: { id: (await w.newCustomer()).id }, body: { paymentMethodId: TEST_CARDS.success.token } },
  })),
  // The local provider's own state (a tokenized test card), no partner's: every scope may tokenize.
  'POST /payments/local/paymentMethods': {
    class: 'none',
    build: async () => ({
      request: { body: { number: TEST_CARDS.success.number, expMonth: 12, expYear: 2040, cvc: '123' } },
    }),
    otherPartner: 'success',
  },
  'PUT /customer/customers/:id/identityVerification': {
    ...byId(async (w) => ({
      request: { params: { id: (await w.newCustomer()).id }, body: { firstName: 'Marta', lastName: 'Vidal' } },
    })),
    // The form the setting requires is not filled in: reaching its validation shows the scope let the call in.
    own: { status: 400, code: 'ValidationError' },
  },
  'PUT /customer/customers/:id/identityVerification/images/:kind': byId(async (w) => ({
    request: { params: { id: (await w.newCustomer()).id, kind: 'frontImage' }, file: image(w) },
  })),
  'GET /customer/customers/:id/identityVerification/images/:kind': byId(async (w) => {
    const { id } = await w.newCustomer();
    const { payload, contentType } = await multipartFile(image(w));
    const res = await w.t.app.inject({
      method: 'PUT',
      url: `/api/customer/customers/${id}/identityVerification/images/frontImage`,
      payload,
      headers: { 'content-type': contentType, authorization: `Bearer ${w.owner}` },
    });
    if (res.statusCode !== 200) throw new Error(`identity image upload failed: ${res.body}`);
    return { request: { params: { id, kind: 'frontImage' } } };
  }),
  'POST /customer/customers/:id/identityVerification/$review': byId(async (w) => {
    const { id } = await w.newCustomer();
    // Submitted in the customer app: pending review.
    await w.t.database.db.execute(sql`
      insert into customer_identities (customer_id, status, first_name, last_name)
      values (${id}, 'pending', 'Marta', 'Vidal')`);
    return { request: { params: { id }, body: { decision: 'approved' } } };
  }),

  // dashboard and asset lists over partner-owned assets
  // The fleet by partner names partner A only when its assets are counted.
  'GET /dashboard/asset/overview': listing(async (w) => {
    await w.newAsset();
    return { request: { query: lastHour() }, marker: w.partnerA };
  }),
  'GET /dashboard/asset/alarm': listing(async (w) => {
    const { no } = await assetWithEvent(w, 'device-alarm', 'tilt');
    return { request: { query: lastHour() }, marker: no };
  }),
  'GET /dashboard/asset/error': listing(async (w) => {
    const { no } = await assetWithEvent(w, 'device-error', 'gps-fault');
    return { request: { query: lastHour() }, marker: no };
  }),
  // alarms: the inbox lists partner A's alarm by its asset's number; an alarm and an asset by id are partner-owned
  'GET /asset/alarms': listing(async (w) => {
    const { no } = await alarmOf(w);
    return { request: { query: {} }, marker: no };
  }),
  'POST /asset/alarms/:id/$acknowledge': byId(async (w) => ({
    request: { params: { id: (await alarmOf(w)).alarmId }, body: { note: 'Checked on site' } },
  })),
  'GET /asset/assets/:no/alarmState': byId(async (w) => ({ request: { params: { no: (await alarmOf(w)).no } } })),
  'POST /asset/assets/$search': listing(async (w) => {
    const { id, no } = await w.newAsset();
    // The number is echoed back under notFound when hidden: the id shows only when the asset is listed.
    return { request: { body: { nos: [no] } }, marker: id };
  }),
  'POST /asset/assets/$query': listing(async (w) => {
    const { no } = await w.newAsset();
    return { request: { body: {} }, marker: no };
  }),
  'POST /asset/query/get-list': listing(async (w) => {
    const { no } = await w.newAsset();
    return { request: { body: {} }, marker: no };
  }),
  // Counts of one asset number: 1 when partner A's asset is counted, 0 when it is not.
  'POST /asset/query/get-summary': listing(async (w) => ({
    request: { body: { noIn: [(await w.newAsset()).no] } },
    marker: '"count":1,',
  })),
  'POST /asset/query/get-count': listing(async (w) => ({
    request: { body: { noIn: [(await w.newAsset()).no] } },
    marker: '"count":1,',
  })),
  'POST /asset/site-query/get-list': listing(async (w) => {
    const site = await w.newSite();
    await w.newAsset(w.partnerA, site.id);
    return { request: { body: {} }, marker: site.id };
  }),
  'POST /asset/site-query/get-summary': listing(async (w) => {
    const site = await w.newSite();
    await w.newAsset(w.partnerA, site.id);
    return { request: { body: {} }, marker: site.id };
  }),
  'POST /asset/site-query/get-list-with-summary': listing(async (w) => {
    const site = await w.newSite();
    await w.newAsset(w.partnerA, site.id);
    return { request: { body: {} }, marker: site.id };
  }),
  'POST /asset/assets/$map': listing(async (w) => {
    const { request, no } = await positionedAsset(w);
    return { request, marker: no };
  }),
  // The stream's first event is the snapshot of the viewport.
  'POST /asset/assets/$map-live': listing(async (w) => {
    const { request, no } = await positionedAsset(w);
    return { request: { ...request, stream: true }, marker: no };
  }),
  'POST /asset/assets/$export': listing(async (w) => {
    const { no } = await w.newAsset();
    return { request: { body: { format: 'csv' } }, marker: no };
  }),
  'POST /asset/categories/:categoryId/assets/$batchCreate': {
    ...namingPartner(async (w) => ({
      request: {
        params: { categoryId: w.category.id },
        body: { assets: [{ no: assetNo('BC'), partnerId: w.partnerA, usageMode: 'customer-rental' }] },
      },
    })),
    // Batch writes answer every row's refusal at once (docs/architecture.md "Lists at scale").
    otherPartner: { status: 400, code: 'ValidationError' },
  },
  // Batch writes answer every row's refusal at once; another partner's asset is refused as a missing one would be.
  'POST /asset/assets/$batchUpdate': {
    ...byId(async (w) => ({ request: { body: { assets: [{ no: (await w.newAsset()).no, note: 'Batch note' }] } } })),
    otherPartner: { status: 400, code: 'ValidationError' },
  },
  'POST /asset/assets/$batchDelete': {
    ...byId(async (w) => ({ request: { body: { nos: [(await w.newAsset()).no] } } })),
    otherPartner: { status: 400, code: 'ValidationError' },
  },
  'GET /asset/categories/:categoryId/assets/$importTemplate': accountWideRead(async (w) => ({
    request: { params: { categoryId: w.category.id } },
  })),
  // Partners are named in the file: partner A's name is unknown to partner B's staff, a row error (nothing written).
  'POST /asset/categories/:categoryId/assets/$import': {
    ...namingPartner(async (w) => {
      const content = Buffer.from(`no,partner,usageMode\n${assetNo('IM')},${w.t.partnerA.name},customer-rental\n`);
      return {
        request: {
          params: { categoryId: w.category.id },
          file: { content, filename: 'assets.csv', type: 'text/csv' },
        },
      };
    }),
    otherPartner: { status: 422, code: 'ImportHasErrors' },
  },
  'PUT /asset-iot/assets/:no/iot/device': byId(async (w) => {
    const { no } = await iotAsset(w);
    return { request: { params: { no }, body: { no: deviceNo(), vendor: 'okai' } } };
  }),
  'DELETE /asset-iot/assets/:no/iot/device': byId(async (w) => {
    const { no } = await iotAsset(w);
    await w.ownerCall('PUT', `/asset-iot/assets/${no}/iot/device`, { no: deviceNo(), vendor: 'okai' });
    return { request: { params: { no } } };
  }),

  // deposits and refund applications: partner-owned through the customer's membership
  'GET /renting/customers/:customerId/deposits': byId(async (w) => ({
    request: { params: { customerId: (await w.newCustomer()).id } },
  })),
  'GET /renting/customers/:customerId/orderSummary': byId(async (w) => ({
    request: { params: { customerId: (await w.newCustomer()).id } },
  })),
  'GET /renting/deposits/$all/transactions': listing(async (w) => {
    // The order's checkout charged the customer's deposit.
    const o = await sharedOrder(w);
    return { request: {}, marker: o.customerId, ownUser: o.user };
  }),
  // The body names the partner whose deposits are refunded: partner B's staff are refused it.
  'POST /renting/customers/:customerId/deposits/$refund': namingPartner(async (w) => {
    const d = await freeDeposit(w);
    return {
      request: {
        params: { customerId: d.customerId },
        body: { partnerId: d.partnerId, assetCategoryId: d.categoryId, quantity: 1 },
      },
      ownUser: d.user,
    };
  }),
  'GET /renting/deposits/refundRequests': listing(async (w) => {
    const a = await refundApplication(w);
    return { request: {}, marker: a.id, ownUser: a.user };
  }),
  'POST /renting/deposits/refundRequests/$approve': byId(async (w) => {
    const a = await refundApplication(w);
    return { request: { body: { ids: [a.id] } }, ownUser: a.user };
  }),
  'POST /renting/deposits/refundRequests/:id/$cancel': byId(async (w) => {
    const a = await refundApplication(w);
    return { request: { params: { id: a.id }, body: { note: 'Asset damaged' } }, ownUser: a.user };
  }),

  // account documents: account-wide; partner documents: keyed by partner
  'GET /account/documents': accountWideRead(async () => ({ request: {} })),
  'PUT /account/documents/:type': accountWideWrite(async () => ({
    request: { params: { type: 'help-center' }, body: { content: { en: '<p>Help</p>' } } },
  })),
  'DELETE /account/documents/:type': accountWideWrite(async (w) => {
    await w.ownerCall('PUT', '/account/documents/privacy-policy', { content: { en: '<p>Privacy</p>' } });
    return { request: { params: { type: 'privacy-policy' } } };
  }),
  // The upload stores a new file and returns its address; it changes no document, so no one else's object. Partner
  // documents' editors upload here too (either permission), so every scope may.
  'POST /account/documents/:type/$uploadImage': {
    class: 'own',
    build: async (w) => ({ request: { params: { type: 'terms' }, file: image(w) } }),
    otherPartner: 'success',
  },
  'GET /account/partners/$all/documents': listing(async (w) => {
    const p = await partnerWithDocument(w, 'notice');
    return { request: {}, marker: p.id, ownUser: p.user };
  }),
  'GET /account/partners/:partnerId/documents/:type': namingPartner(async (w) => {
    const p = await partnerWithDocument(w, 'terms');
    return { request: { params: { partnerId: p.id, type: 'terms' } }, ownUser: p.user };
  }),
  'PUT /account/partners/:partnerId/documents/:type': namingPartner(async (w) => {
    const p = await partnerWithDocument(w, 'terms');
    return {
      request: { params: { partnerId: p.id, type: 'terms' }, body: { content: { en: '<p>New terms</p>' } } },
      ownUser: p.user,
    };
  }),
  'DELETE /account/partners/:partnerId/documents/:type': namingPartner(async (w) => {
    const p = await partnerWithDocument(w, 'terms');
    return { request: { params: { partnerId: p.id, type: 'terms' } }, ownUser: p.user };
  }),
  'POST /account/partners/partnerDocument': namingPartner(async (w) => {
    const p = await w.ownPartner();
    return {
      request: { body: { partnerId: p.id, type: 'notice', content: { en: '<p>Notice</p>' } } },
      ownUser: p.user,
    };
  }),
  'POST /account/partners/$all/documents/$findCreatedPartners': listing(async (w) => {
    const p = await w.ownPartner();
    await w.ownerCall('POST', '/account/partners/partnerDocument', {
      partnerId: p.id,
      type: 'help-center',
      content: { en: '<p>Help</p>' },
    });
    return { request: { body: { type: 'help-center' } }, marker: p.id, ownUser: p.user };
  }),

  // IoT control and records
  // Another partner's asset is refused as a missing number would be (the device need not answer for that).
  'POST /asset-iot/control/batch-invoke-command': {
    ...byId(async (w) => ({ request: { body: { assetNos: [(await boundAsset(w)).no], command: 'device.beep' } } })),
    otherPartner: { status: 422, code: 'AssetsNotFound' },
  },
  'POST /asset-iot/control/batch-modify-config': {
    ...byId(async (w) => ({ request: { body: { assetNos: [(await boundAsset(w)).no], config: speedLimit } } })),
    otherPartner: { status: 422, code: 'AssetsNotFound' },
  },
  'GET /asset-iot/control/commandRecords': listing(async (w) => {
    const r = await controlRecord(w, 'command');
    return { request: {}, marker: r.id };
  }),
  'GET /asset-iot/control/commandRecords/:id': byId(async (w) => ({
    request: { params: { id: (await controlRecord(w, 'command')).id } },
  })),
  'GET /asset-iot/control/configRecords': listing(async (w) => {
    const r = await controlRecord(w, 'config');
    return { request: {}, marker: r.id };
  }),
  // The sender's own records: partner A's staff member who sent the command reads them; partner B's staff get 404.
  'GET /asset-iot/control/sentRecords': byId(async (w) => {
    const sender = await w.freshUser([w.partnerA]);
    const { id } = await controlRecord(w, 'command', sender.token);
    return { request: { query: { ids: id } }, ownUser: async () => sender };
  }),
  // Partner A's asset on an unfinished trip is left out for partner B's staff, as from any list.
  'POST /asset-iot/control/$findOngoingUse': listing(async (w) => {
    const { no } = await assetOnTrip(w);
    return { request: { body: { assetNos: [no] } }, marker: no };
  }),
  'POST /asset-iot/experimental/get-configs-by-asset-no': byId(async (w) => ({
    request: { body: { assetNo: (await boundAsset(w)).no } },
  })),
  'GET /asset-iot/def/iotDeviceModels': accountWideRead(async () => ({ request: {} })),
  'GET /asset-iot/def/assetIotModels': accountWideRead(async () => ({ request: {} })),
  // The device model catalogue: no asset is named.
  'POST /asset-iot/capability/$composeCapability': accountWideRead(async () => ({
    request: { body: { modelType: 'ESCOOTER:okai', iotDeviceType: 'okai' } },
  })),
  // A device bound to another partner's asset does not exist for partner B's staff.
  'GET /iot-trust-agent/trustAgents/$findByIotDeviceNo': byId(async (w) => ({
    request: { query: { iotDeviceNo: (await boundAsset(w)).deviceNo } },
  })),

  // operation settings (one per partner), SMS services, partner operations, sign-up config: keyed by partner
  'GET /account/settings/operations': listing(async (w) => {
    const p = await w.ownPartner();
    const setting = await w.operationSetting(p.id);
    return { request: {}, marker: setting.id, ownUser: p.user };
  }),
  'GET /account/settings/operations/:id': byId(async (w) => {
    const p = await w.ownPartner();
    return { request: { params: { id: (await w.operationSetting(p.id)).id } }, ownUser: p.user };
  }),
  'POST /account/settings/operations': namingPartner(async (w) => {
    const p = await w.ownPartner();
    return { request: { body: { ...operationSettingBody, accountPartnerId: p.id } }, ownUser: p.user };
  }),
  'PATCH /account/settings/operations/:id': byId(async (w) => {
    const p = await w.ownPartner();
    const setting = await w.operationSetting(p.id);
    return { request: { params: { id: setting.id }, body: { timezone: '+02:00' } }, ownUser: p.user };
  }),
  'POST /account/settings/operations/:id/$confirm': byId(async (w) => {
    const p = await w.ownPartner();
    return { request: { params: { id: (await w.operationSetting(p.id)).id } }, ownUser: p.user };
  }),
  'DELETE /account/settings/operations/:id': byId(async (w) => {
    const p = await w.ownPartner();
    return { request: { params: { id: (await w.operationSetting(p.id)).id } }, ownUser: p.user };
  }),
  'GET /account/settings/smsServices': listing(async (w) => {
    const p = await w.ownPartner();
    await w.ownerCall('PUT', `/account/settings/smsServices/${p.id}`, sms);
    return { request: {}, marker: p.id, ownUser: p.user };
  }),
  'GET /account/settings/smsServices/:partnerId': namingPartner(async (w) => {
    const p = await w.ownPartner();
    await w.ownerCall('PUT', `/account/settings/smsServices/${p.id}`, sms);
    return { request: { params: { partnerId: p.id } }, ownUser: p.user };
  }),
  'PUT /account/settings/smsServices/:partnerId': namingPartner(async (w) => {
    const p = await w.ownPartner();
    return { request: { params: { partnerId: p.id }, body: sms }, ownUser: p.user };
  }),
  'DELETE /account/settings/smsServices/:partnerId': namingPartner(async (w) => {
    const p = await w.ownPartner();
    await w.ownerCall('PUT', `/account/settings/smsServices/${p.id}`, sms);
    return { request: { params: { partnerId: p.id } }, ownUser: p.user };
  }),
  'GET /account/partners/$all/operations': listing(async (w) => {
    const p = await w.ownPartner();
    await w.ownerCall('POST', '/account/partners/operations', { ...partnerOperations, partnerId: p.id });
    return { request: {}, marker: p.id, ownUser: p.user };
  }),
  'GET /account/partners/:partnerId/operations': namingPartner(async (w) => {
    const p = await w.ownPartner();
    await w.ownerCall('POST', '/account/partners/operations', { ...partnerOperations, partnerId: p.id });
    return { request: { params: { partnerId: p.id } }, ownUser: p.user };
  }),
  'POST /account/partners/operations': namingPartner(async (w) => {
    const p = await w.ownPartner();
    return { request: { body: { ...partnerOperations, partnerId: p.id } }, ownUser: p.user };
  }),
  'PUT /account/partners/:partnerId/operations': namingPartner(async (w) => {
    const p = await w.ownPartner();
    await w.ownerCall('POST', '/account/partners/operations', { ...partnerOperations, partnerId: p.id });
    return { request: { params: { partnerId: p.id }, body: partnerOperations }, ownUser: p.user };
  }),
  'DELETE /account/partners/:partnerId/operations': namingPartner(async (w) => {
    const p = await w.ownPartner();
    await w.ownerCall('POST', '/account/partners/operations', { ...partnerOperations, partnerId: p.id });
    return { request: { params: { partnerId: p.id } }, ownUser: p.user };
  }),
  'GET /account/partners/$all/overview': listing(async (w) => ({ request: {}, marker: w.partnerA })),
  'GET /account/partners/$all/signUpConfig': listing(async (w) => {
    const p = await w.ownPartner();
    await w.ownerCall('POST', '/account/$createPartnerSignUpConfig', { partnerId: p.id });
    return { request: {}, marker: p.id, ownUser: p.user };
  }),
  'GET /account/partners/:partnerId/signUpConfig': namingPartner(async (w) => {
    const p = await w.ownPartner();
    await w.ownerCall('POST', '/account/$createPartnerSignUpConfig', { partnerId: p.id });
    return { request: { params: { partnerId: p.id } }, ownUser: p.user };
  }),
  'PUT /account/partners/:partnerId/signUpConfig': namingPartner(async (w) => {
    const p = await w.ownPartner();
    await w.ownerCall('POST', '/account/$createPartnerSignUpConfig', { partnerId: p.id });
    return { request: { params: { partnerId: p.id }, body: { welcomeNote: 'Welcome' } }, ownUser: p.user };
  }),
  'POST /account/$createPartnerSignUpConfig': namingPartner(async (w) => {
    const p = await w.ownPartner();
    return { request: { body: { partnerId: p.id } }, ownUser: p.user };
  }),

  // partners' payment methods: keyed by partner
  'GET /account/partners/$all/paymentMethods': listing(async (w) => {
    const m = await partnerPaymentMethod(w);
    return { request: {}, marker: m.id, ownUser: m.user };
  }),
  // By id, but the path names the partner (a setting keyed by partner): 403 as for every call naming one.
  'GET /account/partners/:partnerId/paymentMethods/:id': namingPartner(async (w) => {
    const m = await partnerPaymentMethod(w);
    return { request: { params: { partnerId: m.partnerId, id: m.id } }, ownUser: m.user };
  }),
  'POST /account/partners/:partnerId/paymentMethods': namingPartner(async (w) => {
    const p = await w.ownPartner();
    return { request: { params: { partnerId: p.id }, body: partnerCard }, ownUser: p.user };
  }),
  'PUT /account/partners/:partnerId/paymentMethods/:id': namingPartner(async (w) => {
    const m = await partnerPaymentMethod(w);
    const { type: _, ...body } = partnerCard;
    return {
      request: { params: { partnerId: m.partnerId, id: m.id }, body: { ...body, statementDescriptor: 'FLEET RENT' } },
      ownUser: m.user,
    };
  }),
  'DELETE /account/partners/:partnerId/paymentMethods/:id': namingPartner(async (w) => {
    const m = await partnerPaymentMethod(w);
    return { request: { params: { partnerId: m.partnerId, id: m.id } }, ownUser: m.user };
  }),
  'POST /payments/webhooks/:provider': publicEndpoint,

  // pricing: programs, parts and discounts keyed by partner
  'GET /renting/programs': listing(async (w) => {
    const p = await w.pricedPartner();
    return { request: {}, marker: p.programId, ownUser: p.user };
  }),
  'GET /renting/programs/:id': byId(async (w) => {
    const p = await w.pricedPartner();
    return { request: { params: { id: p.programId } }, ownUser: p.user };
  }),
  'POST /renting/programs': namingPartner(async (w) => {
    const p = await w.ownPartner();
    await w.operationSetting(p.id, true);
    const category = await w.newCategory();
    return {
      request: {
        body: {
          partnerId: p.id,
          assetCategoryId: category.id,
          pricing: partBodies.pricingPart,
          deposit: partBodies.depositPart,
          rule: partBodies.rulePart,
        },
      },
      ownUser: p.user,
    };
  }),
  'DELETE /renting/programs/:id': byId(async (w) => {
    const p = await w.pricedPartner();
    return { request: { params: { id: p.programId } }, ownUser: p.user };
  }),
  'POST /renting/programs/$findByPartnerAndAssetCategory': {
    ...namingPartner(async (w) => ({ request: { body: { partnerId: w.partnerA, assetCategoryId: w.category.id } } })),
    // No program is made for the matrix yet: partner A's staff learn there is none.
    own: NOT_FOUND,
  },
  'GET /renting/programs/$all/pricingParts': listing(async (w) => {
    const p = await w.pricedPartner();
    return { request: {}, marker: p.programId, ownUser: p.user };
  }),
  'GET /renting/programs/$all/depositParts': partList('depositPart'),
  'GET /renting/programs/$all/ruleParts': partList('rulePart'),
  ...partEndpoints('pricingPart'),
  ...partEndpoints('depositPart'),
  ...partEndpoints('rulePart'),
  'GET /renting/discounts': listing(async (w) => {
    const d = await discount(w);
    return { request: {}, marker: d.id, ownUser: d.user };
  }),
  'GET /renting/discounts/:id': byId(async (w) => {
    const d = await discount(w);
    return { request: { params: { id: d.id } }, ownUser: d.user };
  }),
  'POST /renting/discounts': namingPartner(async (w) => {
    const p = await w.pricedPartner();
    return { request: { body: discountBody(w, p) }, ownUser: p.user };
  }),
  'PATCH /renting/discounts/:id': byId(async (w) => {
    const d = await discount(w);
    return { request: { params: { id: d.id }, body: { discountPercent: 30 } }, ownUser: d.user };
  }),
  'POST /renting/discounts/:id/$reschedule': byId(async (w) => {
    const d = await discount(w);
    const body = { startTime: inMinutes(30), endTime: inMinutes(60 * 24 * 14) };
    return { request: { params: { id: d.id }, body }, ownUser: d.user };
  }),
  'POST /renting/discounts/:id/$cancel': byId(async (w) => {
    const d = await discount(w);
    return { request: { params: { id: d.id } }, ownUser: d.user };
  }),

  // private lists: a list of partner A's assets, the owner's
  'GET /account/private-lists/mine': {
    class: 'shared',
    build: async (w) => {
      const list = await privateList(w);
      return { request: {}, marker: list.id };
    },
    // Another user's private list is never "mine", whatever the scope.
    otherPartner: HIDDEN,
    own: HIDDEN,
  },
  'GET /account/private-lists': {
    ...listing(async (w) => {
      const list = await privateList(w);
      return { request: {}, marker: list.id };
    }),
    class: 'shared',
  },
  'POST /account/private-lists': {
    class: 'shared',
    build: async (w) => ({
      request: { body: { name: w.unique('List'), assetNos: [(await w.newAsset()).no] } },
    }),
    // Partner A's asset is not there for partner B's staff: exactly as a missing number.
    otherPartner: { status: 422, code: 'AssetsNotFound' },
  },
  'GET /account/private-lists/users/fuzzy-search': {
    class: 'partner-owned',
    build: async (w) => {
      const staff = await w.ownerCall<{ id: string }>('POST', '/account/users', {
        username: `fuzzy${randomUUID().slice(0, 6)}`,
        name: 'Fuzzy Staff',
        password: 'correct-horse-battery',
        partnerScope: [w.partnerA],
        roleIds: [],
      });
      return { request: { query: { q: 'Fuzzy Staff' } }, marker: staff.id };
    },
    otherPartner: HIDDEN,
    own: LISTED,
  },
  'GET /account/private-lists/:id': sharedById(async (w) => ({
    request: { params: { id: (await privateList(w)).id } },
  })),
  'PATCH /account/private-lists/:id': sharedById(async (w) => ({
    request: { params: { id: (await privateList(w)).id }, body: { name: w.unique('Renamed') } },
  })),
  'DELETE /account/private-lists/:id': sharedById(async (w) => ({
    request: { params: { id: (await privateList(w)).id } },
  })),
  'GET /account/private-lists/:id/assets': sharedById(async (w) => ({
    request: { params: { id: (await privateList(w)).id } },
  })),
  'POST /account/private-lists/:id/remove-assets': sharedById(async (w) => {
    const list = await privateList(w);
    return { request: { params: { id: list.id }, body: [list.no] } };
  }),

  // relocation (collection) lists
  'GET /asset/collection-lists/sites': listing(async (w) => {
    const site = await w.newSite();
    return { request: {}, marker: site.id };
  }),
  'GET /asset/collection-lists': listing(async (w) => {
    const list = await collectionList(w);
    return { request: {}, marker: list.id };
  }),
  'GET /asset/collection-lists/:id': byId(async (w) => ({ request: { params: { id: (await collectionList(w)).id } } })),
  // The site is named by id in the body: another partner's is not there, answered as a missing site is (400 on
  // fromSiteId), never as a partner the caller may not see.
  'POST /asset/collection-lists/$collect': {
    ...byId(async (w) => {
      const site = await w.newSite();
      const { no } = await w.newAsset(w.partnerA, site.id);
      return { request: { body: { fromSiteId: site.id, assetNos: [no] } } };
    }),
    otherPartner: { status: 400, code: 'ValidationError' },
  },
  'POST /asset/collection-lists/:id/$launch': byId(async (w) => {
    const list = await collectionList(w);
    return { request: { params: { id: list.id }, body: { toSiteId: (await w.newSite()).id } } };
  }),

  // renting: partner configs keyed by partner, orders and intents partner-owned
  'GET /renting/rentalConfigs/$findAll': listing(async (w) => {
    const p = await w.ownPartner();
    await w.ownerCall('POST', '/renting/rentalConfig', rentalConfig(p.id));
    return { request: {}, marker: p.id, ownUser: p.user };
  }),
  'GET /renting/rentalConfigs': listing(async (w) => {
    const p = await w.ownPartner();
    await w.ownerCall('POST', '/renting/rentalConfig', rentalConfig(p.id));
    return { request: {}, marker: p.id, ownUser: p.user };
  }),
  'GET /renting/rentalConfigs/partner/:partnerId': namingPartner(async (w) => {
    const p = await w.ownPartner();
    await w.ownerCall('POST', '/renting/rentalConfig', rentalConfig(p.id));
    return { request: { params: { partnerId: p.id } }, ownUser: p.user };
  }),
  'POST /renting/rentalConfig': namingPartner(async (w) => {
    const p = await w.ownPartner();
    return { request: { body: rentalConfig(p.id) }, ownUser: p.user };
  }),
  'PUT /renting/rentalConfigs/partner/:partnerId': namingPartner(async (w) => {
    const p = await w.ownPartner();
    await w.ownerCall('POST', '/renting/rentalConfig', rentalConfig(p.id));
    const { partnerId: _, ...body } = rentalConfig(p.id);
    return { request: { params: { partnerId: p.id }, body: { ...body, sellerName: 'Renamed' } }, ownUser: p.user };
  }),
  'DELETE /renting/rentalConfigs/partner/:partnerId': namingPartner(async (w) => {
    const p = await w.ownPartner();
    await w.ownerCall('POST', '/renting/rentalConfig', rentalConfig(p.id));
    return { request: { params: { partnerId: p.id } }, ownUser: p.user };
  }),
  'GET /renting/orders/:id/invoices': byId(async (w) => {
    const o = await sharedOrder(w);
    return { request: { params: { id: o.id } }, ownUser: o.user };
  }),
  'POST /renting/assets/:assetNo/$inspect': byId(async (w) => ({
    request: { params: { assetNo: (await w.newAsset()).no }, body: { customerId: (await w.newCustomer()).id } },
  })),
  'GET /renting/orders': listing(async (w) => {
    const o = await sharedOrder(w);
    return { request: {}, marker: o.id, ownUser: o.user };
  }),
  'GET /renting/orders/$export': listing(async (w) => {
    const o = await sharedOrder(w);
    return { request: {}, marker: o.orderNo, ownUser: o.user };
  }),
  'GET /renting/orders/:id': byId(async (w) => {
    const o = await sharedOrder(w);
    return { request: { params: { id: o.id } }, ownUser: o.user };
  }),
  // Partner A's asset and customer are not there for partner B's staff: the inspection answers as for missing ones.
  'POST /renting/orders': byId(async (w) => {
    const r = await rentingPartner(w);
    const c = await rentingCustomer(w, r);
    const a = await readyAsset(w, r);
    return {
      request: {
        body: { customerId: c.id, assetNo: a.no, paymentPlanId: r.planId, paymentMethodId: c.paymentMethodId },
      },
      ownUser: r.user,
    };
  }),
  'POST /renting/orders/:id/$end': byId(async (w) => {
    const o = await openOrder(w);
    return { request: { params: { id: o.id }, body: { reason: 'Ended at the counter' } }, ownUser: o.user };
  }),
  'POST /renting/orders/:id/lease/$return': byId(async (w) => {
    const o = await openOrder(w);
    return { request: { params: { id: o.id }, body: {} }, ownUser: o.user };
  }),
  'POST /renting/orders/:id/lease/$confirmReturn': byId(async (w) => {
    const o = await openOrder(w);
    // The rule asks for a manual confirmation: the lease waits as Returning.
    await w.ownerCall('POST', `/renting/orders/${o.id}/lease/$return`, {});
    return { request: { params: { id: o.id }, body: {} }, ownUser: o.user };
  }),
  'POST /renting/orders/:id/$refundOrExempt': byId(async (w) => {
    const o = await sharedOrder(w);
    return {
      request: { params: { id: o.id }, body: { type: 'refund', amount: 1, reason: 'Goodwill' } },
      ownUser: o.user,
    };
  }),
  'POST /renting/orders/:id/assets/:assetNo/lease/$replaceAsset': byId(async (w) => {
    const o = await openOrder(w);
    const next = await readyAsset(w, await rentingPartner(w));
    return {
      request: { params: { id: o.id, assetNo: o.assetNo }, body: { newAssetNo: next.no } },
      ownUser: o.user,
    };
  }),
  'GET /renting/orders/:id/assetRecords': byId(async (w) => {
    const o = await sharedOrder(w);
    return { request: { params: { id: o.id } }, ownUser: o.user };
  }),
  'GET /renting/orders/:id/fieldLogs': byId(async (w) => {
    const o = await sharedOrder(w);
    return { request: { params: { id: o.id } }, ownUser: o.user };
  }),
  'GET /customer/renting/intents': listing(async (w) => {
    const id = await intentOf(w);
    return { request: {}, marker: id };
  }),
  'GET /customer/renting/intents/:id': byId(async (w) => ({ request: { params: { id: await intentOf(w) } } })),
  'PATCH /customer/renting/intents/:id': byId(async (w) => ({
    request: { params: { id: await intentOf(w) }, body: { note: 'Call before' } },
  })),

  // roles: shared by the staff who hold them
  'GET /account/roles': {
    class: 'shared',
    build: async (w) => ({ request: {}, marker: (await roleHeldBy(w, [w.partnerA])).roleId }),
    otherPartner: 'success',
  },
  'GET /account/roles/:id': {
    class: 'shared',
    build: async (w) => ({ request: { params: { id: (await roleHeldBy(w, [w.partnerA])).roleId } } }),
    otherPartner: 'success',
  },
  // The holders a caller may see, and how many others the role reaches (roles.test.ts checks that count).
  'GET /account/roles/:id/users': {
    class: 'shared',
    build: async (w) => {
      const { roleId, holderId } = await roleHeldBy(w, [w.partnerA]);
      return { request: { params: { id: roleId } }, marker: holderId };
    },
    otherPartner: HIDDEN,
    own: LISTED,
  },
  'POST /account/roles': {
    class: 'shared',
    // A new role reaches nobody yet: any scope may create it.
    build: async (w) => ({ request: { body: { title: w.unique('Role'), permissions: ['asset.read'] } } }),
    otherPartner: 'success',
  },
  'PUT /account/roles/:id': sharedChange(async (w) => {
    const { roleId } = await roleHeldBy(w, [w.partnerA]);
    return { request: { params: { id: roleId }, body: { title: w.unique('Role'), permissions: ['site.read'] } } };
  }),
  'DELETE /account/roles/:id': sharedChange(async (w) => {
    const { roleId } = await roleHeldBy(w, [w.partnerA]);
    return { request: { params: { id: roleId } } };
  }),

  // account settings: account-wide
  'GET /account/settings/customerInfo': accountWideRead(async () => ({ request: {} })),
  'PUT /account/settings/customerInfo': accountWideWrite(async (w) => {
    const current = await w.ownerCall<Record<string, unknown>>('GET', '/account/settings/customerInfo');
    const { isDefault: _d, updatedAt: _u, ...setting } = current;
    return { request: { body: setting } };
  }),
  'GET /account/settings/config': accountWideRead(async () => ({ request: {} })),
  'POST /account/settings/config': accountWideWrite(async (w) => {
    // Created once per account: start from none stored (an earlier PATCH may have stored one).
    await w.t.database.db.execute(sql`delete from account_configs where key = 'settings'`);
    const current = await w.ownerCall<Record<string, unknown>>('GET', '/account/settings/config');
    const { isDefault: _d, updatedAt: _u, ...setting } = current;
    return { request: { body: setting } };
  }),
  'PATCH /account/settings/config': accountWideWrite(async () => ({ request: { body: { defaultPageSize: 20 } } })),

  'GET /health': publicEndpoint,

  // trips: partner-owned through their asset
  'GET /asset/trips': listing(async (w) => {
    const trip = await tripOf(w);
    return { request: { query: { assetNo: trip.no } }, marker: trip.id };
  }),
  'POST /asset/trips/$export': listing(async (w) => {
    const trip = await tripOf(w);
    return { request: { body: { assetNo: trip.no } }, marker: trip.no };
  }),
  'GET /asset/trips/$routes': byId(async (w) => ({ request: { query: { ids: (await tripOf(w)).id } } })),
  'GET /asset/trails': byId(async (w) => {
    const { no } = await w.newAsset();
    const to = new Date().toISOString();
    return { request: { query: { assetNo: no, from: new Date(Date.now() - 3_600_000).toISOString(), to } } };
  }),
  'GET /asset/trips/:id': byId(async (w) => ({ request: { params: { id: (await tripOf(w)).id } } })),

  // staff: a staff member of partner A is partner-owned (scope inside the caller's)
  'GET /account/users': listing(async (w) => ({ request: {}, marker: (await staffOf(w, [w.partnerA])).id })),
  'GET /account/users/:id': byId(async (w) => ({ request: { params: { id: (await staffOf(w, [w.partnerA])).id } } })),
  'PUT /account/users/:id': byId(async (w) => {
    const staff = await staffOf(w, [w.partnerA]);
    return {
      request: { params: { id: staff.id }, body: { name: 'Renamed', partnerScope: [w.partnerA], roleIds: [] } },
    };
  }),
  'DELETE /account/users/:id': byId(async (w) => ({
    request: { params: { id: (await staffOf(w, [w.partnerA])).id } },
  })),
  'POST /account/users/:id/reset-password': byId(async (w) => ({
    request: { params: { id: (await staffOf(w, [w.partnerA])).id } },
  })),
  'POST /account/users': namingPartner(async (w) => ({
    request: {
      body: {
        username: `new${randomUUID().slice(0, 8)}`,
        name: 'New Staff',
        password: 'correct-horse-battery',
        partnerScope: [w.partnerA],
        roleIds: [],
      },
    },
  })),
  // The workshop's areas keep their fixtures in files of their own (one per module, so they merge cleanly).
  ...checklistFixtures(),
  ...bindingFixtures(),
  ...checklistRecordFixtures(),
  ...customerTicketFixtures(),
  ...reminderConfigFixtures(),
  ...notificationFixtures(),
  ...reminderLogFixtures(),
  ...accountAccessFixtures(),
  ...subscriptionPackageFixtures(),
  ...subscriptionOrderFixtures(),
  ...subscriptionTicketFixtures(),
  ...openDataFixtures(),
  ...mdsFixtures(),
};

const operationSettingBody = {
  customerPlan: 'paid-for-rent',
  creditCardPolicy: 'required',
  depositPolicy: 'required',
  currency: 'EUR',
  timezone: '+01:00',
};

function pricingBodyOf() {
  return {
    unitPrice: 12.5,
    priceUnit: 'day',
    paymentPlans: [{ frequency: 1, unit: 'weeks', priority: 1 }],
    rentalFeeNotice: { en: 'Rent is charged per day.' },
  };
}

const sms = { accountSid: 'AC1', authToken: 'token', pathServiceSid: 'VA1' };

const partnerOperations = {
  currency: 'EUR',
  customerMaxPaymentAmount: 250.5,
  timezone: '+01:00',
  beepPolicy: 'enabled',
  batteryLockPolicy: 'disabled',
  gpsPolicy: 'enabled',
  lightPolicy: 'enabled',
  lockPolicy: 'enabled',
  pushGeolocationCheckpointPolicy: 'disabled',
  customerSelfJoinPolicy: 'open',
  contactPhone: '+390212345678',
  contactEmail: 'help@example.com',
  webChannel: { type: 'none' },
};

const rentalConfig = (partnerId: string) => ({
  partnerId,
  invoicePrefix: `P${randomUUID().replaceAll('-', '').slice(0, 4).toUpperCase().replace(/[0-9]/g, 'X')}`,
  sellerName: 'Seller S.r.l.',
  vatNumber: 'IT12345678901',
});

/** A partner ready to rent (document 2 §8 "Order inspection"): every setup item, a program with all three parts. */
interface RentingPartner {
  id: string;
  categoryId: string;
  planId: string;
  user: () => Promise<MatrixUser>;
}
const rentingPartners = new WeakMap<World, Promise<RentingPartner>>();

/** The one partner ready to rent of this world, made on first use (orders and deposits share it). */
function rentingPartner(w: World): Promise<RentingPartner> {
  let made = rentingPartners.get(w);
  if (!made) {
    made = (async () => {
      const p = await w.pricedPartner();
      const parts = `/renting/programs/partners/${p.id}/categories/${p.categoryId}`;
      await w.ownerCall('POST', `${parts}/depositPart`, partBodies.depositPart);
      // Manual confirmation of returns, so a returned lease waits for $confirmReturn.
      await w.ownerCall('POST', `${parts}/rulePart`, { ...partBodies.rulePart, manualConfirmationPolicy: 'required' });
      await w.ownerCall('POST', '/account/partners/operations', { ...partnerOperations, partnerId: p.id });
      await w.ownerCall('POST', `/account/partners/${p.id}/paymentMethods`, partnerCard);
      await w.newSite(p.id);
      for (const type of ['terms', 'privacy-policy']) {
        await w.ownerCall('POST', '/account/partners/partnerDocument', {
          partnerId: p.id,
          type,
          content: { en: '<p>Text</p>' },
        });
      }
      return { id: p.id, categoryId: p.categoryId, planId: p.planId, user: p.user };
    })();
    rentingPartners.set(w, made);
  }
  return made;
}

/** Stripe test keys of a partner's card method (the local provider charges the customers' test cards). */
const partnerCard = {
  type: 'credit-card',
  publishableKey: 'pk_test_51HxQ2bPublishable1234',
  secretKey: 'sk_test_51HxQ2bSecretValue9876',
};

/** A card that pays, added to the customer as the customer app does (staff have no call that adds one). */
async function customerCard(w: World, customerId: string) {
  const id = randomUUID();
  await w.t.database.db.execute(sql`
    insert into customer_payment_methods (id, customer_id, type, brand, last4, provider_ref)
    values (${id}, ${customerId}, 'credit-card', 'visa', '4242', ${TEST_CARDS.success.token})`);
  return id;
}

/** A customer of the renting partner with a verified e-mail and a card that pays. */
async function rentingCustomer(w: World, r: RentingPartner) {
  const { id } = await w.newCustomer(r.id);
  await w.t.database.db.execute(sql`update customers set email_verified_at = now() where id = ${id}`);
  return { id, paymentMethodId: await customerCard(w, id) };
}

/** A card payment method of a partner of its own (one per type and partner). */
async function partnerPaymentMethod(w: World) {
  const p = await w.ownPartner();
  const created = await w.ownerCall<{ id: string }>('POST', `/account/partners/${p.id}/paymentMethods`, partnerCard);
  return { id: created.id, partnerId: p.id, user: p.user };
}

/** A Ready asset of the renting partner's priced category (new assets start as New: staff make them Ready). */
async function readyAsset(w: World, r: RentingPartner) {
  const no = assetNo('RA');
  await w.ownerCall('POST', `/asset/categories/${r.categoryId}/assets`, {
    no,
    partnerId: r.id,
    usageMode: 'customer-rental',
  });
  await w.t.database.db.execute(sql`update assets set life_cycle_state = 'Ready' where no = ${no}`);
  return { no };
}

interface OpenOrder {
  id: string;
  customerId: string;
  orderNo: string;
  assetNo: string;
  user: () => Promise<MatrixUser>;
}

/**
 * A new open order of the renting partner: the owner checks out, and the payment and checkout jobs are run here
 * until the checkout completes (no job runs in the background, so refused calls are compared on a still database).
 */
async function openOrder(w: World): Promise<OpenOrder> {
  const r = await rentingPartner(w);
  const c = await rentingCustomer(w, r);
  const a = await readyAsset(w, r);
  const created = await w.ownerCall<{ id: string; orderNo: string }>('POST', '/renting/orders', {
    customerId: c.id,
    assetNo: a.no,
    paymentPlanId: r.planId,
    paymentMethodId: c.paymentMethodId,
  });
  const until = Date.now() + 30_000;
  for (;;) {
    await w.t.app.payments.jobs.runDue();
    await w.t.app.renting.jobs.runDue();
    const order = await w.ownerCall<{ status: string; checkout: { state: string } }>(
      'GET',
      `/renting/orders/${created.id}`,
    );
    if (order.checkout.state === 'Completed' && order.status === 'Open') break;
    if (order.checkout.state !== 'InProgress' || Date.now() > until)
      throw new Error(`the checkout of the matrix order did not complete: ${JSON.stringify(order)}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return { id: created.id, customerId: c.id, orderNo: created.orderNo, assetNo: a.no, user: r.user };
}

/** A deposit paid and no longer needed: the customer's order is ended, so one deposit can be refunded. */
async function freeDeposit(w: World) {
  const o = await openOrder(w);
  await w.ownerCall('POST', `/renting/orders/${o.id}/$end`, {});
  const r = await rentingPartner(w);
  return { customerId: o.customerId, partnerId: r.id, categoryId: r.categoryId, user: o.user };
}

/** A waiting refund application for a free deposit, written as the customer app does (staff have no create call). */
async function refundApplication(w: World) {
  const d = await freeDeposit(w);
  const id = randomUUID();
  await w.t.database.db.execute(sql`
    insert into deposit_refund_applications (id, customer_id, partner_id, asset_category_id, quantity, amount,
      currency)
    values (${id}, ${d.customerId}, ${d.partnerId}, ${d.categoryId}, 1, ${partBodies.depositPart.amount}, 'EUR')`);
  return { id, user: d.user };
}

const sharedOrders = new WeakMap<World, Promise<OpenOrder>>();

/** One open order for the calls that read it (made once per world). */
function sharedOrder(w: World): Promise<OpenOrder> {
  let made = sharedOrders.get(w);
  if (!made) {
    made = openOrder(w);
    sharedOrders.set(w, made);
  }
  return made;
}

/** A shared object changed: partner B's staff reach none of its holders (403), partner A's reach all of them. */
function sharedChange(build: (w: World) => Promise<Case>): Fixture {
  return { class: 'shared', build, otherPartner: OUT_OF_SCOPE };
}

/** A list or other shared object read by id: partner B's staff see no part of it, so it does not exist for them. */
function sharedById(build: (w: World) => Promise<Case>): Fixture {
  return { class: 'shared', build, otherPartner: NOT_FOUND };
}

/** A partner of its own holding one document of this type, as the owner wrote it. */
async function partnerWithDocument(w: World, type: 'terms' | 'notice') {
  const p = await w.ownPartner();
  await w.ownerCall('POST', '/account/partners/partnerDocument', {
    partnerId: p.id,
    type,
    content: { en: `<p>${type}</p>` },
  });
  return p;
}

/** A private list the owner made of one partner A asset. */
async function privateList(w: World) {
  const { no } = await w.newAsset();
  const list = await w.ownerCall<{ id: string }>('POST', '/account/private-lists', {
    name: w.unique('List'),
    assetNos: [no],
  });
  return { id: list.id, no };
}

/** A finished trip of a new partner A asset, written as the trip builder would (trips have no create call). */
async function tripOf(w: World) {
  const { id: assetId, no } = await w.newAsset();
  const id = randomUUID();
  await w.t.database.db.execute(sql`
    insert into trips (id, asset_id, partner_id, category_id, status, source, started_at, start_latitude,
      start_longitude, ended_at, end_latitude, end_longitude, distance_m, point_count)
    values (${id}, ${assetId}, ${w.partnerA}, ${w.category.id}, 'finished', 'movement', now() - interval '2 hours',
      45.46, 9.19, now() - interval '1 hour', 45.47, 9.2, 1200, 2)`);
  return { id, no };
}

/** A partner A asset that raised a device event a minute ago, written as the device ingest does. */
async function assetWithEvent(w: World, type: 'device-alarm' | 'device-error', code: string) {
  const asset = await w.newAsset();
  await w.t.database.db.execute(sql`
    insert into asset_events (asset_id, partner_id, type, code, occurred_at)
    values (${asset.id}, ${w.partnerA}, ${type}, ${code}, now() - interval '1 minute')`);
  return asset;
}

/** A partner A asset with a device alarm of a minute ago, and the alarm's id. */
async function alarmOf(w: World) {
  const asset = await w.newAsset();
  const result = (await w.t.database.db.execute(sql`
    insert into asset_events (asset_id, partner_id, type, code, occurred_at)
    values (${asset.id}, ${w.partnerA}, 'device-alarm', 'tilt', now() - interval '1 minute')
    returning id::text as id`)) as unknown as { rows: { id: string }[] };
  return { ...asset, alarmId: result.rows[0]?.id as string };
}

/** A partner A asset somewhere no other matrix asset is, and the map call at a zoom that shows single assets. */
async function positionedAsset(w: World) {
  const { no } = await w.newAsset();
  const at = { lat: 12.34 + Math.random() / 10, lng: 56.78 + Math.random() / 10 };
  await w.t.database.db.execute(sql`update assets set latitude = ${at.lat}, longitude = ${at.lng} where no = ${no}`);
  const viewport = { west: at.lng - 0.005, south: at.lat - 0.005, east: at.lng + 0.005, north: at.lat + 0.005 };
  return { request: { body: { viewport, zoom: 16 } }, no };
}

/** The dashboard's range: the last hour. */
const lastHour = () => ({ from: new Date(Date.now() - 3_600_000).toISOString(), to: new Date().toISOString() });

/** A renting intent of a partner A customer, written as the customer app does (staff have no create call). */
async function intentOf(w: World) {
  const { id: customerId } = await w.newCustomer();
  const id = randomUUID();
  await w.t.database.db.execute(sql`
    insert into renting_intents (id, customer_id, partner_id, asset_category_id, appointment_start_from,
      appointment_start_to)
    values (${id}, ${customerId}, ${w.partnerA}, ${w.category.id}, now() + interval '1 day',
      now() + interval '25 hours')`);
  return id;
}

/** A collection list of one partner A asset, collected by the owner at a partner A site. */
async function collectionList(w: World) {
  const site = await w.newSite();
  const { no } = await w.newAsset(w.partnerA, site.id);
  return w.ownerCall<{ id: string }>('POST', '/asset/collection-lists/$collect', {
    fromSiteId: site.id,
    assetNos: [no],
  });
}

const deviceNo = () => `DEV-${randomUUID().slice(0, 8)}`;

/** A partner A asset in a new connected (IoT) category, bound to no device yet. */
async function iotAsset(w: World) {
  const category = await w.ownerCall<{ id: string }>('POST', '/asset/categories', {
    name: w.unique('Connected'),
    assetType: 'EBIKE',
    isIot: true,
    properties: [],
  });
  const no = assetNo('IO');
  await w.ownerCall('POST', `/asset/categories/${category.id}/assets`, {
    no,
    partnerId: w.partnerA,
    usageMode: 'customer-rental',
  });
  return { no };
}

/** A partner A asset bound to a device (an OKAI controller, which takes a speed limit); the device need not answer. */
async function boundAsset(w: World) {
  const { no } = await iotAsset(w);
  const device = deviceNo();
  await w.ownerCall('PUT', `/asset-iot/assets/${no}/iot/device`, { no: device, vendor: 'okai' });
  return { no, deviceNo: device };
}

const speedLimit = { motorControlSpeedLimit: { switch: 'on', speedKmh: 20 } };

/** A command or config record sent (by the owner unless `token` says who) to a bound partner A asset. */
async function controlRecord(w: World, kind: 'command' | 'config', token = w.owner) {
  const { no } = await boundAsset(w);
  const [url, body, field] =
    kind === 'command'
      ? ['/asset-iot/control/batch-invoke-command', { assetNos: [no], command: 'device.beep' }, 'createdCommandRecords']
      : ['/asset-iot/control/batch-modify-config', { assetNos: [no], config: speedLimit }, 'createdConfigRecords'];
  const res = await call(w.t.app, 'POST', url, { token, body });
  const id = res.json<Record<string, { id: string }[]>>()[field]?.[0]?.id;
  if (res.statusCode !== 200 || !id) throw new Error(`fixture ${url} failed: ${res.statusCode} ${res.body}`);
  return { id };
}

/** A partner A asset on an unfinished trip (the trip builder's row, written as it would be). */
async function assetOnTrip(w: World) {
  const { id, no } = await w.newAsset();
  await w.t.database.db.execute(sql`
    insert into trips (id, asset_id, partner_id, category_id, status, source, started_at, start_latitude,
      start_longitude, ended_at, end_latitude, end_longitude, distance_m, point_count)
    select ${randomUUID()}, a.id, a.partner_id, a.category_id, 'ongoing', 'movement', now(), 45.46, 9.19, now(),
      45.47, 9.2, 1200, 12
    from assets a where a.id = ${id}`);
  return { no };
}

/** The referral code a customer is given. */
async function referralCodeOf(w: World, customerId: string) {
  return (await w.ownerCall<{ referralCode: string }>('GET', `/customer/customers/${customerId}`)).referralCode;
}

/** A staff member scoped to these partners, made by the owner. */
async function staffOf(w: World, scope: '*' | string[]) {
  return w.ownerCall<{ id: string }>('POST', '/account/users', {
    username: `staff${randomUUID().slice(0, 8)}`,
    name: 'Staff Member',
    password: 'correct-horse-battery',
    partnerScope: scope,
    roleIds: [],
  });
}

/** A role held by one staff member scoped to these partners. */
async function roleHeldBy(w: World, scope: '*' | string[]) {
  const role = await w.ownerCall<{ id: string }>('POST', '/account/roles', {
    title: w.unique('Held role'),
    permissions: ['asset.read'],
  });
  const holder = await w.ownerCall<{ id: string }>('POST', '/account/users', {
    username: `holder${randomUUID().slice(0, 8)}`,
    name: 'Role Holder',
    password: 'correct-horse-battery',
    partnerScope: scope,
    roleIds: [role.id],
  });
  return { roleId: role.id, holderId: holder.id };
}

/** The four calls on one part of a partner and category's program (GET, POST, PUT, DELETE). */
function partEndpoints(part: 'pricingPart' | 'depositPart' | 'rulePart'): Record<string, Fixture> {
  const path = `/renting/programs/partners/:partnerId/categories/:assetCategoryId/${part}`;
  const body = partBodies[part];
  /** A priced partner whose program has this part (the pricing part makes the program). */
  const withPart = async (w: World, request?: unknown): Promise<Case> => {
    const p = await w.pricedPartner();
    if (part !== 'pricingPart') {
      await w.ownerCall('POST', `/renting/programs/partners/${p.id}/categories/${p.categoryId}/${part}`, body);
    }
    const params = { partnerId: p.id, assetCategoryId: p.categoryId };
    return { request: { params, body: request }, ownUser: p.user };
  };
  return {
    [`GET ${path}`]: namingPartner((w) => withPart(w)),
    [`POST ${path}`]: namingPartner(async (w) => {
      const p = await w.pricedPartner();
      const categoryId = part === 'pricingPart' ? (await w.newCategory()).id : p.categoryId;
      return { request: { params: { partnerId: p.id, assetCategoryId: categoryId }, body }, ownUser: p.user };
    }),
    [`PUT ${path}`]: namingPartner((w) => withPart(w, body)),
    // The pricing part too: the program stays, without a price (it rents nothing until priced again).
    [`DELETE ${path}`]: namingPartner((w) => withPart(w)),
  };
}

/** A list of programs' parts: the priced partner's program shows once it has the part. */
function partList(part: 'depositPart' | 'rulePart'): Fixture {
  return listing(async (w) => {
    const p = await w.pricedPartner();
    await w.ownerCall(
      'POST',
      `/renting/programs/partners/${p.id}/categories/${p.categoryId}/${part}`,
      partBodies[part],
    );
    return { request: {}, marker: p.programId, ownUser: p.user };
  });
}

const inMinutes = (m: number) => new Date(Date.now() + m * 60_000).toISOString();

const discountBody = (w: World, p: { id: string; categoryId: string; planId: string }) => ({
  name: w.unique('Spring'),
  partnerId: p.id,
  assetCategoryId: p.categoryId,
  paymentPlanId: p.planId,
  startTime: inMinutes(15),
  endTime: inMinutes(60 * 24 * 7),
  discountPercent: 20,
});

/** A scheduled discount on a priced partner's program. */
async function discount(w: World) {
  const p = await w.pricedPartner();
  const created = await w.ownerCall<{ id: string }>('POST', '/renting/discounts', discountBody(w, p));
  return { id: created.id, user: p.user };
}

/** A case beyond the one per endpoint: the same endpoint on an object shared by partners A and B. */
export interface SharedCase {
  endpoint: string;
  name: string;
  fixture: Fixture;
}

/** A customer who is a member of partners A and B. */
async function sharedCustomer(w: World) {
  const customer = await w.newCustomer(w.partnerB);
  await w.ownerCall('POST', `/customer/customers/${customer.id}/memberships`, { partnerId: w.partnerA });
  return customer;
}

/** Changes to the whole of a shared object need scope over every partner it reaches (issue 20 findings 1 and 3). */
const wholeChange = (build: (w: World) => Promise<Case>): Fixture => ({
  class: 'shared',
  build,
  otherPartner: OUT_OF_SCOPE,
  ownScope: '*',
});

export const sharedCases: SharedCase[] = [
  {
    endpoint: 'PATCH /customer/customers/:id',
    name: "a shared customer's phone number (a sign-in identifier)",
    fixture: wholeChange(async (w) => {
      const c = await sharedCustomer(w);
      return { request: { params: { id: c.id }, body: { phoneNo: `+3935500${String(Date.now()).slice(-5)}` } } };
    }),
  },
  {
    endpoint: 'PATCH /customer/customers/:id',
    name: "a shared customer's e-mail (a sign-in identifier)",
    fixture: wholeChange(async (w) => {
      const c = await sharedCustomer(w);
      return { request: { params: { id: c.id }, body: { email: `changed-${randomUUID().slice(0, 6)}@test.local` } } };
    }),
  },
  {
    endpoint: 'PATCH /customer/customers/:id',
    name: "a shared customer's name",
    fixture: wholeChange(async (w) => {
      const c = await sharedCustomer(w);
      return { request: { params: { id: c.id }, body: { name: { first: 'Changed', last: 'Name' } } } };
    }),
  },
  {
    endpoint: 'PATCH /customer/customers/:id',
    name: "a shared customer's note (each partner's own)",
    fixture: {
      class: 'shared',
      build: async (w) => ({
        request: { params: { id: (await sharedCustomer(w)).id }, body: { note: 'Partner note' } },
      }),
      otherPartner: 'success',
    },
  },
  {
    endpoint: 'DELETE /customer/customers/:id',
    name: 'a shared customer',
    fixture: wholeChange(async (w) => ({ request: { params: { id: (await sharedCustomer(w)).id } } })),
  },
  {
    endpoint: 'POST /customer/customers/:id/$resetPassword',
    name: 'a shared customer',
    fixture: wholeChange(async (w) => ({ request: { params: { id: (await sharedCustomer(w)).id } } })),
  },
  {
    endpoint: 'GET /customer/customers/:id',
    name: 'a shared customer (readable by each of its partners)',
    fixture: {
      class: 'shared',
      build: async (w) => ({ request: { params: { id: (await sharedCustomer(w)).id } } }),
      otherPartner: 'success',
    },
  },
  {
    endpoint: 'PUT /account/roles/:id',
    name: 'a role held by staff of partners A and B',
    fixture: wholeChange(async (w) => {
      const { roleId } = await roleHeldBy(w, [w.partnerA, w.partnerB]);
      return { request: { params: { id: roleId }, body: { title: w.unique('Role'), permissions: ['site.read'] } } };
    }),
  },
  {
    endpoint: 'DELETE /account/roles/:id',
    name: 'a role held by an account user (scope "*")',
    fixture: wholeChange(async (w) => ({ request: { params: { id: (await roleHeldBy(w, '*')).roleId } } })),
  },
  {
    endpoint: 'GET /account/users/:id',
    name: 'a staff member of partners A and B (not inside partner B alone)',
    fixture: {
      class: 'shared',
      build: async (w) => ({ request: { params: { id: (await staffOf(w, [w.partnerA, w.partnerB])).id } } }),
      otherPartner: NOT_FOUND,
      ownScope: '*',
    },
  },
];

import { byId, type Case, type Fixture, listing, namingPartner, type World } from './authorization-matrix.fixtures.ts';

/**
 * The authorization matrix's fixtures for the subscription package endpoints (see authorization-matrix.fixtures.ts
 * for the builders). A package belongs to its partner: another partner's answers 404 NotFound by id, and naming a
 * partner outside the scope to create one is 403 PartnerOutOfScope.
 */
export function subscriptionPackageFixtures(): Record<string, Fixture> {
  const plan = (name: string) => ({
    name,
    basicFee: 100,
    usageFee: 2,
    usageFeeUpperLimit: 150,
    initialAvailability: 5,
    deductible: 10,
    durationUnit: 'months',
    durationQuantity: 1,
    validSince: '2026-01-01T00:00:00.000Z',
    validUntil: '2027-01-01T00:00:00.000Z',
    cannotBeFirstPlan: false,
  });
  const body = (w: World) => ({
    name: w.unique('Package'),
    description: '',
    partnerId: w.partnerA,
    categoryId: w.category.id,
    plans: [plan('Monthly')],
  });
  const newPackage = (w: World) =>
    w.ownerCall<{ id: string; name: string; plans: { id: string }[] }>('POST', '/subscription/packages', body(w));
  const withPackage = (build: (w: World, p: Awaited<ReturnType<typeof newPackage>>) => Case['request']) =>
    byId(async (w): Promise<Case> => {
      const p = await newPackage(w);
      return { request: build(w, p) };
    });

  return {
    'GET /subscription/packages': listing(async (w) => {
      const created = await newPackage(w);
      return { request: { query: { name: created.name } }, marker: created.id };
    }),
    'GET /subscription/packages/:id': withPackage((_w, p) => ({ params: { id: p.id } })),
    'POST /subscription/packages': namingPartner(async (w) => ({ request: { body: body(w) } })),
    'PUT /subscription/packages/:id': withPackage((w, p) => ({
      params: { id: p.id },
      body: { ...body(w), name: `${p.name} renamed`, plans: [{ ...plan('Monthly'), id: p.plans[0]?.id }] },
    })),
    'DELETE /subscription/packages/:id': withPackage((_w, p) => ({ params: { id: p.id } })),
  };
}

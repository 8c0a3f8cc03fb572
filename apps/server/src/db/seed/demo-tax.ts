import { randomUUID } from 'node:crypto';
import type { TaxSubject } from '@fleetdesk/contracts';
import * as taxRepo from '../../modules/tax/tax.repo.ts';
import type { DbOrTx } from '../client.ts';

interface DemoTaxGroup {
  name: string;
  displayName: string;
  country: 'IT' | 'ES' | 'KR';
  note: string;
  /** The standard rate and the day it took effect, the same for every subject. */
  rate: number;
  since: string;
}

/** The standard VAT of the demo partners' countries, with the dates those rates took effect. */
const demoTaxGroups: DemoTaxGroup[] = [
  {
    name: 'Italy standard VAT',
    displayName: 'IVA 22%',
    country: 'IT',
    note: 'Aliquota ordinaria (DPR 633/72)',
    rate: 22,
    since: '2013-10-01T00:00:00+02:00',
  },
  {
    name: 'Spain standard VAT',
    displayName: 'IVA 21%',
    country: 'ES',
    note: 'Tipo general (Ley 37/1992)',
    rate: 21,
    since: '2012-09-01T00:00:00+02:00',
  },
  {
    name: 'Korea VAT',
    displayName: 'VAT 10%',
    country: 'KR',
    note: 'Value-added tax, standard rate',
    rate: 10,
    since: '1977-07-01T00:00:00+09:00',
  },
];

const subjects: TaxSubject[] = ['rental', 'service-hardware', 'service-labour'];

/** Tax groups for the demo partners' countries through the tax repo; returns their ids by country. */
export async function seedDemoTaxGroups(db: DbOrTx): Promise<Record<DemoTaxGroup['country'], string>> {
  const ids = {} as Record<DemoTaxGroup['country'], string>;
  for (const group of demoTaxGroups) {
    const id = randomUUID();
    await taxRepo.insert(db, '*', id, {
      name: group.name,
      displayName: group.displayName,
      country: group.country,
      note: group.note,
    });
    await taxRepo.insertRates(
      db,
      '*',
      subjects.map((subject) => ({
        id: randomUUID(),
        taxGroupId: id,
        subject,
        rate: group.rate.toFixed(3),
        effectiveAt: new Date(group.since),
      })),
    );
    ids[group.country] = id;
  }
  return ids;
}

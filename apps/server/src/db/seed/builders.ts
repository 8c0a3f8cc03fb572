import { randomUUID } from 'node:crypto';
import { ADMIN_PERMISSION } from '@fleetdesk/contracts';
import { hashPassword } from '../../lib/secrets.ts';
import * as accountRepo from '../../modules/account/account.repo.ts';
import * as partnersRepo from '../../modules/partners/partners.repo.ts';
import * as rolesRepo from '../../modules/roles/roles.repo.ts';
import * as usersRepo from '../../modules/users/users.repo.ts';
import type { DbOrTx } from '../client.ts';

/**
 * Seed builders: the one way demo data and tests create rows, through the same repos the API uses,
 * with believable defaults so a test only states what it is about.
 */
export const seed = {
  async account(db: DbOrTx, a: { name?: string; timezone?: string; currency?: string } = {}) {
    return accountRepo.insertAccount(db, '*', {
      name: a.name ?? 'Fleetdesk Mobility',
      timezone: a.timezone ?? '+01:00',
      currency: a.currency ?? 'EUR',
    });
  },

  async partner(db: DbOrTx, p: Partial<partnersRepo.PartnerValues> & { name: string }) {
    return partnersRepo.insert(db, '*', randomUUID(), { attachments: [], ...p });
  },

  async role(db: DbOrTx, r: { title: string; permissions: string[]; appPermissions?: string[] }) {
    const id = randomUUID();
    await rolesRepo.insert(db, id, {
      title: r.title,
      permissions: r.permissions,
      appPermissions: r.appPermissions ?? [],
    });
    return { id, ...r };
  },

  async adminRole(db: DbOrTx) {
    return seed.role(db, { title: 'Owner', permissions: [ADMIN_PERMISSION] });
  },

  async user(
    db: DbOrTx,
    u: {
      username: string;
      name?: string;
      email?: string | null;
      phoneNo?: string | null;
      password?: string;
      partnerScope?: '*' | string[];
      roleIds?: string[];
    },
  ) {
    const id = randomUUID();
    const scope = u.partnerScope ?? '*';
    await usersRepo.insert(
      db,
      id,
      u.username,
      { name: u.name ?? u.username, email: u.email ?? null, phoneNo: u.phoneNo ?? null, allPartners: scope === '*' },
      u.password ? await hashPassword(u.password) : null,
    );
    await usersRepo.setLinks(db, id, scope === '*' ? [] : scope, u.roleIds ?? []);
    return { id, username: u.username };
  },
};

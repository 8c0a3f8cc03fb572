import { randomUUID } from 'node:crypto';
import type { Account, AccountPatch, Profile } from '@fleetdesk/contracts';
import { appPermission, permissionCatalogue } from '@fleetdesk/contracts';
import type { FileStorage } from '../../adapters/storage.ts';
import type { Db, DbOrTx } from '../../db/client.ts';
import { notFound } from '../../errors.ts';
import type { Caller } from '../../lib/caller.ts';
import { reencodeImage } from '../../lib/images.ts';
import { allPartners } from '../../lib/scope.ts';
import { logChange } from '../audit/audit.repo.ts';
import type { SessionRow } from '../auth/auth.repo.ts';
import * as repo from './account.repo.ts';

type AccountRow = NonNullable<Awaited<ReturnType<typeof repo.getAccount>>>;

const toAccount = (a: AccountRow): Account => ({
  name: a.name,
  logoImgUrl: a.logoImgUrl,
  timezone: a.timezone,
  isRegistryEnabled: a.isRegistryEnabled,
  currency: a.currency,
});

export function createAccountService(deps: {
  db: Db;
  storage: FileStorage;
  clientLinkUrl?: string | undefined;
  payments: { provider: 'local' | 'stripe'; publishableKey?: string | undefined };
}) {
  const { db } = deps;

  async function current(tx: DbOrTx = db): Promise<AccountRow> {
    const a = await repo.getAccount(tx);
    if (!a) throw notFound('The account is not set up');
    return a;
  }

  async function change(caller: Caller, patch: AccountPatch & { logoImgUrl?: string }): Promise<Account> {
    const all = allPartners(caller.scope);
    return db.transaction(async (tx) => {
      const before = await current(tx);
      const after = await repo.updateAccount(tx, all, before.id, patch);
      await logChange(tx, caller, 'account', before.id, toAccount(before), toAccount(after));
      return toAccount(after);
    });
  }

  return {
    /** The caller's profile (document 1 §3), built from the row the auth plugin already read. */
    async profile(row: SessionRow): Promise<Profile> {
      return {
        id: row.user_id,
        username: row.username,
        name: row.name,
        email: row.email,
        phoneNo: row.phone_no,
        account: row.account ?? toAccount(await current()),
        partnerScope: row.all_partners ? '*' : row.partner_ids,
        legacyPartnerScope: row.legacy_partner_scope,
        roles: row.roles,
        // Operation-app permissions as the guard holds them (`app:…`): the console shows what they open, e.g. the
        // B2B mechanic's service management.
        permissions: [...row.permissions, ...row.app_permissions.map(appPermission)],
        // Already in the API's format (auth.repo prepareLiveSession).
        lastActiveTime: row.last_active_time,
        createdAt: row.created_at,
        updatedAt: row.updated_at,
      };
    },

    /** The customer web client link from configuration (CLIENT_LINK_URL), or null. */
    clientLink: () => ({
      url: deps.clientLinkUrl ?? null,
      payments: { provider: deps.payments.provider, publishableKey: deps.payments.publishableKey ?? null },
    }),

    permissionCatalogue: () => permissionCatalogue.map((f) => ({ ...f, actions: [...f.actions] })),

    async get(): Promise<Account> {
      return toAccount(await current());
    },

    /** Changes account settings (account users only) and logs each changed field. */
    update: (caller: Caller, patch: AccountPatch) => change(caller, patch),

    /** Stores a re-encoded logo and points the account at it. */
    async uploadLogo(caller: Caller, content: Buffer): Promise<Account> {
      // Before the image is decoded and stored: a refused caller leaves no file behind.
      allPartners(caller.scope);
      const image = await reencodeImage(content, 1024);
      const key = `logos/${randomUUID()}.${image.format}`;
      await deps.storage.put(key, image.content);
      return change(caller, { logoImgUrl: `/api/files/${key}` });
    },
  };
}

export type AccountService = ReturnType<typeof createAccountService>;

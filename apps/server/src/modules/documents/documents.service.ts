import { randomUUID } from 'node:crypto';
import {
  type AccountDocument,
  type AccountDocumentType,
  type DocumentContent,
  documentLanguages,
  ENGLISH_REQUIRED_MESSAGE,
  isBlankHtml,
  type PartnerDocument,
  type PartnerDocumentCreate,
  type PartnerDocumentListQuery,
  type PartnerDocumentType,
} from '@fleetdesk/contracts';
import type { FileStorage } from '../../adapters/storage.ts';
import type { Db, DbOrTx } from '../../db/client.ts';
import { DomainError, notFound, validationError } from '../../errors.ts';
import type { Caller } from '../../lib/caller.ts';
import { reencodeImage } from '../../lib/images.ts';
import { toIso } from '../../lib/rows.ts';
import { allPartners, assertPartnerInScope } from '../../lib/scope.ts';
import { logChange } from '../audit/audit.repo.ts';
import * as repo from './documents.repo.ts';
import { sanitiseDocumentHtml } from './documents.sanitiser.ts';

/** Wide enough for a full-width page on a large screen; anything bigger only costs the customer's data plan. */
const DOCUMENT_IMAGE_MAX_SIDE = 1600;

/**
 * The stored form of a document's content: every language sanitised, blank languages left out. English
 * is checked again after cleaning, so `<script>…</script>` alone is "no English", not an empty document.
 */
export function cleanContent(content: DocumentContent): repo.StoredContent {
  const cleaned: Partial<repo.StoredContent> = {};
  for (const language of documentLanguages) {
    const value = content[language];
    if (value === undefined) continue;
    const html = sanitiseDocumentHtml(value);
    if (!isBlankHtml(html)) cleaned[language] = html;
  }
  if (cleaned.en === undefined) throw validationError({ 'content.en': ENGLISH_REQUIRED_MESSAGE });
  return cleaned as repo.StoredContent;
}

const storedContent = (value: unknown): repo.StoredContent => {
  const content = value as repo.StoredContent;
  return {
    en: content.en,
    ...(content.it !== undefined ? { it: content.it } : {}),
    ...(content.es !== undefined ? { es: content.es } : {}),
  };
};

function toAccountDocument(row: repo.AccountDocumentRow): AccountDocument {
  return {
    type: row.type as AccountDocumentType,
    content: storedContent(row.content),
    createdAt: toIso(row.createdAt),
    updatedAt: toIso(row.updatedAt),
  };
}

function toPartnerDocument({ document: row, partnerName }: repo.PartnerDocumentRow): PartnerDocument {
  return {
    partnerId: row.partnerId,
    partner: { id: row.partnerId, name: partnerName },
    type: row.type as PartnerDocumentType,
    content: storedContent(row.content),
    createdAt: toIso(row.createdAt),
    updatedAt: toIso(row.updatedAt),
  };
}

/** The field log keeps one entry per language, so a reviewer sees which translation changed. */
const audited = (content: repo.StoredContent | null) =>
  content && { en: content.en, it: content.it ?? null, es: content.es ?? null };

const partnerDocumentId = (partnerId: string, type: string) => `${partnerId}/${type}`;

export function createDocumentService(deps: { db: Db; storage: FileStorage }) {
  const { db, storage } = deps;

  /** A partner document the caller may see: 403 outside the scope first, then 404 when absent. */
  async function visiblePartnerDocument(tx: DbOrTx, caller: Caller, partnerId: string, type: string) {
    assertPartnerInScope(caller.scope, partnerId);
    const row = await repo.getPartner(tx, caller.scope, partnerId, type);
    if (!row) throw notFound();
    return row;
  }

  return {
    /** Every account document, or the one of the asked type. */
    async listAccount(type?: AccountDocumentType): Promise<{ data: AccountDocument[]; count: number }> {
      const rows = await repo.listAccount(db, type);
      return { data: rows.map(toAccountDocument), count: rows.length };
    },

    /** Creates or replaces an account document (account users only: it reaches every partner). */
    async saveAccount(caller: Caller, type: AccountDocumentType, content: DocumentContent): Promise<AccountDocument> {
      const all = allPartners(caller.scope);
      const cleaned = cleanContent(content);
      return db.transaction(async (tx) => {
        const before = await repo.getAccount(tx, type);
        await repo.upsertAccount(tx, all, type, cleaned, caller.userId);
        const after = (await repo.getAccount(tx, type)) as repo.AccountDocumentRow;
        await logChange(
          tx,
          caller,
          'account_document',
          type,
          audited(before ? storedContent(before.content) : null),
          audited(cleaned),
        );
        return toAccountDocument(after);
      });
    },

    /** Deletes an account document; 404 when there is none of that type. */
    async removeAccount(caller: Caller, type: AccountDocumentType): Promise<void> {
      const all = allPartners(caller.scope);
      await db.transaction(async (tx) => {
        const before = await repo.getAccount(tx, type);
        if (!before) throw notFound();
        await repo.removeAccount(tx, all, type);
        await logChange(tx, caller, 'account_document', type, audited(storedContent(before.content)), null);
      });
    },

    /** Stores a re-encoded JPEG or PNG for a document and returns the URL the editor inserts. */
    async uploadImage(content: Buffer): Promise<{ url: string }> {
      const image = await reencodeImage(content, DOCUMENT_IMAGE_MAX_SIDE);
      const key = `documents/${randomUUID()}.${image.format}`;
      await storage.put(key, image.content);
      return { url: `/api/files/${key}` };
    },

    /** In-scope partner documents, filtered and paged (createdAt descending unless asked). */
    async listPartner(
      caller: Caller,
      query: PartnerDocumentListQuery,
    ): Promise<{ data: PartnerDocument[]; count: number }> {
      if (query.partnerId) assertPartnerInScope(caller.scope, query.partnerId);
      const { rows, count } = await repo.listPartner(db, caller.scope, query);
      return { data: rows.map(toPartnerDocument), count };
    },

    async getPartner(caller: Caller, partnerId: string, type: PartnerDocumentType): Promise<PartnerDocument> {
      return toPartnerDocument(await visiblePartnerDocument(db, caller, partnerId, type));
    },

    /** Creates a partner document; 409 PartnerDocumentExists when the partner already has one of that type. */
    async createPartner(caller: Caller, input: PartnerDocumentCreate): Promise<PartnerDocument> {
      assertPartnerInScope(caller.scope, input.partnerId);
      const cleaned = cleanContent(input.content);
      return db.transaction(async (tx) => {
        if ((await repo.partnerName(tx, input.partnerId)) === undefined) {
          throw validationError({ partnerId: 'Unknown partner' });
        }
        if (await repo.getPartner(tx, caller.scope, input.partnerId, input.type)) {
          throw new DomainError('PartnerDocumentExists', 409, 'The partner have already been set', {
            partnerId: input.partnerId,
            type: input.type,
          });
        }
        await repo.insertPartner(tx, caller.scope, {
          partnerId: input.partnerId,
          type: input.type,
          content: cleaned,
          updatedBy: caller.userId,
        });
        const id = partnerDocumentId(input.partnerId, input.type);
        await logChange(tx, caller, 'partner_document', id, null, audited(cleaned));
        return toPartnerDocument(
          (await repo.getPartner(tx, caller.scope, input.partnerId, input.type)) as repo.PartnerDocumentRow,
        );
      });
    },

    /** Creates or replaces a partner document of an in-scope partner. */
    async savePartner(
      caller: Caller,
      partnerId: string,
      type: PartnerDocumentType,
      content: DocumentContent,
    ): Promise<PartnerDocument> {
      assertPartnerInScope(caller.scope, partnerId);
      const cleaned = cleanContent(content);
      return db.transaction(async (tx) => {
        if ((await repo.partnerName(tx, partnerId)) === undefined) throw notFound();
        const before = await repo.getPartner(tx, caller.scope, partnerId, type);
        if (before) await repo.updatePartner(tx, caller.scope, partnerId, type, cleaned, caller.userId);
        else
          await repo.insertPartner(tx, caller.scope, { partnerId, type, content: cleaned, updatedBy: caller.userId });
        await logChange(
          tx,
          caller,
          'partner_document',
          partnerDocumentId(partnerId, type),
          audited(before ? storedContent(before.document.content) : null),
          audited(cleaned),
        );
        return toPartnerDocument((await repo.getPartner(tx, caller.scope, partnerId, type)) as repo.PartnerDocumentRow);
      });
    },

    async removePartner(caller: Caller, partnerId: string, type: PartnerDocumentType): Promise<void> {
      await db.transaction(async (tx) => {
        const before = await visiblePartnerDocument(tx, caller, partnerId, type);
        await repo.removePartner(tx, caller.scope, partnerId, type);
        await logChange(
          tx,
          caller,
          'partner_document',
          partnerDocumentId(partnerId, type),
          audited(storedContent(before.document.content)),
          null,
        );
      });
    },

    /** The in-scope partners that already have this type, so a "new" form offers only the others. */
    createdPartners: (caller: Caller, type: PartnerDocumentType): Promise<string[]> =>
      repo.partnersWithType(db, caller.scope, type),
  };
}

export type DocumentService = ReturnType<typeof createDocumentService>;

import { z } from 'zod';
import { dataOf, emptyResponse, id, isoDateTime, listOf, pageQuery, sortQuery } from './common.ts';
import { accountDocumentTypes, partnerDocumentTypes } from './document-types.ts';
import { endpoint } from './endpoint.ts';
import { requires } from './permissions.ts';

/**
 * Customer communication documents (document 1 §2.3, §7.2; document 2 "Account and profile"): rich text
 * the customer apps show, written per language. The account has one of each type for every partner;
 * a partner may replace them with its own and may also publish a notice.
 */
export const accountDocumentType = z.enum(accountDocumentTypes, { message: 'Unknown document type' });
export type AccountDocumentType = z.infer<typeof accountDocumentType>;

export const partnerDocumentType = z.enum(partnerDocumentTypes, { message: 'Unknown document type' });
export type PartnerDocumentType = z.infer<typeof partnerDocumentType>;

/** The languages a document is written in; English is the one every customer app can fall back to. */
export const documentLanguages = ['en', 'it', 'es'] as const;
export type DocumentLanguage = (typeof documentLanguages)[number];

/** Document 2 §8 "Other messages". */
export const ENGLISH_REQUIRED_MESSAGE = 'Submission failed, English version is required';
export const INVALID_LINK_MESSAGE = 'Please enter a valid URL';
export const DOCUMENT_IMAGE_MAX_BYTES = 5 * 1024 * 1024;
/** Per language; three of them stay under the API's 1 MB body limit, and a long help page is far below it. */
export const DOCUMENT_HTML_MAX = 200_000;

const html = z.string().max(DOCUMENT_HTML_MAX, { message: `Must be at most ${DOCUMENT_HTML_MAX} characters` });

/**
 * Whether an HTML fragment says anything: text once the tags are gone, or an image. The server and the
 * editor both use it, so "blank" means the same on both sides (an editor leaves `<p><br></p>` behind).
 */
export function isBlankHtml(value: string | undefined | null): boolean {
  if (!value) return true;
  if (/<img\b/i.test(value)) return false;
  const text = value
    .replace(/<[^>]*>/g, '')
    .replace(/&nbsp;|&#160;|&#xa0;/gi, ' ')
    .trim();
  return text.length === 0;
}

/** A link target a customer can open: an absolute http(s) URL with a host, mailto: or tel:. */
export function isValidLink(href: string): boolean {
  const value = href.trim();
  if (/^mailto:[^\s@]+@[^\s@]+\.[^\s@]+$/i.test(value)) return true;
  if (/^tel:\+?[0-9][0-9 ().-]{2,}$/i.test(value)) return true;
  if (!/^https?:\/\//i.test(value)) return false;
  try {
    const url = new URL(value);
    // "http://" alone or "http://localhost" are incomplete for a customer: a public host has a dot.
    return (url.protocol === 'http:' || url.protocol === 'https:') && /\.[a-z][a-z0-9-]*[a-z0-9]$/i.test(url.hostname);
  } catch {
    return false;
  }
}

/** The href values of every link in a fragment, entities decoded the way a browser would read them. */
export function linkTargets(value: string): string[] {
  const targets: string[] = [];
  for (const match of value.matchAll(/<a\b[^>]*?\shref\s*=\s*("([^"]*)"|'([^']*)'|([^\s>]+))/gi)) {
    const raw = match[2] ?? match[3] ?? match[4] ?? '';
    targets.push(
      raw
        .replace(/&amp;/gi, '&')
        .replace(/&quot;/gi, '"')
        .replace(/&#0*39;|&apos;/gi, "'")
        .replace(/&#x0*([0-9a-f]+);?/gi, (_, hex: string) => String.fromCodePoint(Number.parseInt(hex, 16)))
        .replace(/&#0*([0-9]+);?/g, (_, dec: string) => String.fromCodePoint(Number(dec))),
    );
  }
  return targets;
}

/**
 * Content per language (document 2 §5 "Multilingual text: English version required; links valid and
 * complete"). Rules carry the path `content.<lang>` so a form shows the message on that language's tab.
 */
export const documentContent = z
  .strictObject({ en: html.optional(), it: html.optional(), es: html.optional() })
  .superRefine((content, ctx) => {
    if (isBlankHtml(content.en)) ctx.addIssue({ code: 'custom', path: ['en'], message: ENGLISH_REQUIRED_MESSAGE });
    for (const language of documentLanguages) {
      const value = content[language];
      if (value && linkTargets(value).some((href) => !isValidLink(href))) {
        ctx.addIssue({ code: 'custom', path: [language], message: INVALID_LINK_MESSAGE });
      }
    }
  });
/** What a client sends: English may be absent here, the refinement above refuses that. */
export type DocumentContent = z.infer<typeof documentContent>;

export const documentInput = z.strictObject({ content: documentContent });
export type DocumentInput = z.infer<typeof documentInput>;

const storedContent = z.object({ en: z.string(), it: z.string().optional(), es: z.string().optional() });

export const accountDocument = z.object({
  type: accountDocumentType,
  content: storedContent,
  createdAt: isoDateTime,
  updatedAt: isoDateTime,
});
export type AccountDocument = z.infer<typeof accountDocument>;

export const partnerDocument = z.object({
  partnerId: id,
  partner: z.object({ id, name: z.string() }),
  type: partnerDocumentType,
  content: storedContent,
  createdAt: isoDateTime,
  updatedAt: isoDateTime,
});
export type PartnerDocument = z.infer<typeof partnerDocument>;

export const accountDocumentQuery = z.strictObject({ type: accountDocumentType.optional() });
export const accountDocumentParams = z.strictObject({ type: accountDocumentType });

export const partnerDocumentParams = z.strictObject({ partnerId: id, type: partnerDocumentType });

export const partnerDocumentSortKeys = ['createdAt', 'updatedAt'] as const;
export const partnerDocumentListQuery = z.strictObject({
  ...pageQuery.shape,
  sort: sortQuery(partnerDocumentSortKeys),
  partnerId: id.optional(),
  type: partnerDocumentType.optional(),
});
export type PartnerDocumentListQuery = z.infer<typeof partnerDocumentListQuery>;

export const partnerDocumentCreate = z.strictObject({
  partnerId: id,
  type: partnerDocumentType,
  content: documentContent,
});
export type PartnerDocumentCreate = z.infer<typeof partnerDocumentCreate>;

export const findCreatedPartnersInput = z.strictObject({ type: partnerDocumentType });

export const documentEndpoints = {
  accountList: endpoint({
    method: 'GET',
    path: '/account/documents',
    summary: 'The account documents (terms, privacy policy, help center), optionally one type',
    tag: 'documents',
    requires: requires('setting.document.read'),
    query: accountDocumentQuery,
    response: listOf(accountDocument),
  }),
  accountSave: endpoint({
    method: 'PUT',
    path: '/account/documents/:type',
    summary: 'Create or replace an account document; HTML is sanitised before it is stored',
    tag: 'documents',
    requires: requires('setting.document.write'),
    params: accountDocumentParams,
    body: documentInput,
    response: dataOf(accountDocument),
  }),
  accountRemove: endpoint({
    method: 'DELETE',
    path: '/account/documents/:type',
    summary: 'Delete an account document',
    tag: 'documents',
    requires: requires('setting.document.write'),
    params: accountDocumentParams,
    response: emptyResponse,
  }),
  accountUploadImage: endpoint({
    method: 'POST',
    path: '/account/documents/:type/$uploadImage',
    summary: 'Upload an image for a document (multipart field "file"; JPEG or PNG up to 5 MB)',
    tag: 'documents',
    requires: requires('setting.document.write', 'setting.partner_document.write'),
    // Partner documents have no upload call of their own in the spec; their editors upload here too.
    params: z.strictObject({ type: partnerDocumentType }),
    multipart: true,
    response: dataOf(z.object({ url: z.string() })),
  }),
  partnerList: endpoint({
    method: 'GET',
    path: '/account/partners/$all/documents',
    summary: 'Partner documents in the caller scope, newest first unless asked',
    tag: 'documents',
    requires: requires('setting.partner_document.read'),
    query: partnerDocumentListQuery,
    response: listOf(partnerDocument),
  }),
  partnerGet: endpoint({
    method: 'GET',
    path: '/account/partners/:partnerId/documents/:type',
    summary: 'One partner document',
    tag: 'documents',
    requires: requires('setting.partner_document.read'),
    params: partnerDocumentParams,
    response: dataOf(partnerDocument),
  }),
  partnerSave: endpoint({
    method: 'PUT',
    path: '/account/partners/:partnerId/documents/:type',
    summary: 'Create or replace a partner document; HTML is sanitised before it is stored',
    tag: 'documents',
    requires: requires('setting.partner_document.write'),
    params: partnerDocumentParams,
    body: documentInput,
    response: dataOf(partnerDocument),
  }),
  partnerRemove: endpoint({
    method: 'DELETE',
    path: '/account/partners/:partnerId/documents/:type',
    summary: 'Delete a partner document',
    tag: 'documents',
    requires: requires('setting.partner_document.write'),
    params: partnerDocumentParams,
    response: emptyResponse,
  }),
  partnerCreate: endpoint({
    method: 'POST',
    path: '/account/partners/partnerDocument',
    summary: 'Create a partner document; 409 PartnerDocumentExists when the partner has one of that type',
    tag: 'documents',
    requires: requires('setting.partner_document.write'),
    body: partnerDocumentCreate,
    response: dataOf(partnerDocument),
    status: 201,
  }),
  findCreatedPartners: endpoint({
    method: 'POST',
    path: '/account/partners/$all/documents/$findCreatedPartners',
    summary: 'The in-scope partners that already have a document of this type',
    tag: 'documents',
    requires: requires('setting.partner_document.read'),
    body: findCreatedPartnersInput,
    response: dataOf(z.array(id)),
  }),
};

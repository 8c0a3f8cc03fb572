import { accountDocumentTypes, partnerDocumentTypes, requires } from '@fleetdesk/contracts';
import type { FeatureRoute } from '../../shared/routing.ts';
import { documentPaths } from './paths.ts';

const accountRead = { requires: requires('setting.document.read') };
const partnerRead = { requires: requires('setting.partner_document.read') };

/**
 * Settings → customer communication (document 1 §2.3). Editors are open to readers too: without the write
 * permission they show the document read-only. The rich-text editor is only in the editor pages' chunks.
 */
export const documentsRoutes: FeatureRoute[] = [
  {
    path: documentPaths.accountList,
    page: () => import('./pages/account-document-list.page.tsx'),
    meta: accountRead,
  },
  ...accountDocumentTypes.map((type) => ({
    path: documentPaths.account(type),
    page: () => import('./pages/account-document-edit.page.tsx'),
    meta: accountRead,
  })),
  {
    path: documentPaths.partnerList,
    page: () => import('./pages/partner-document-list.page.tsx'),
    meta: partnerRead,
  },
  ...partnerDocumentTypes.flatMap((type) => [
    {
      path: documentPaths.partnerTypeList(type),
      page: () => import('./pages/partner-document-list.page.tsx'),
      meta: partnerRead,
    },
    {
      path: documentPaths.partnerNew(type),
      page: () => import('./pages/partner-document-new.page.tsx'),
      meta: { requires: requires('setting.partner_document.write') },
    },
    {
      path: documentPaths.partnerEdit(type),
      page: () => import('./pages/partner-document-edit.page.tsx'),
      meta: partnerRead,
    },
  ]),
];

import {
  type AccountDocumentType,
  accountDocumentTypes,
  type PartnerDocumentType,
  partnerDocumentSortKeys,
  partnerDocumentTypes,
} from '@fleetdesk/contracts';
import { generatePath } from 'react-router';
import { defineList } from '../../shared/ui/list-state.ts';
import { type UrlStateOf, urlParam, writeUrlState } from '../../shared/ui/url-state.ts';
import { accountDocumentSegments, documentPaths, partnerBase } from './paths.ts';

/** The document type a general page shows, read from its path (one page module serves the three). */
export function accountTypeOfPath(pathname: string): AccountDocumentType | undefined {
  const segment = pathname.replace(/\/+$/, '').split('/').pop();
  return accountDocumentTypes.find((type) => accountDocumentSegments[type] === segment);
}

/** The document type of a partner page (`…/customer-communication/<type>/…`), if the path names one. */
export function partnerTypeOfPath(pathname: string): PartnerDocumentType | undefined {
  const rest = pathname.startsWith(`${partnerBase}/`) ? pathname.slice(partnerBase.length + 1) : '';
  const segment = rest.split('/')[0];
  return partnerDocumentTypes.find((type) => type === segment);
}

/** The partner document lists' URL state: partner, type (on the all-types list), paging and sort. */
export const partnerDocumentList = defineList({
  filters: { partnerId: urlParam.string(), type: urlParam.string() },
  sortKeys: partnerDocumentSortKeys,
  defaultSort: 'createdAt:desc',
});

export type PartnerDocumentListUrlState = Partial<UrlStateOf<typeof partnerDocumentList.shape>>;

const withState = (path: string, state: PartnerDocumentListUrlState) => {
  const search = writeUrlState(partnerDocumentList.shape, new URLSearchParams(), state).toString();
  return `${path}${search ? `?${search}` : ''}`;
};

/** Typed links to the customer communication screens. */
export const documentUrls = {
  accountList: () => documentPaths.accountList,
  account: (type: AccountDocumentType) => documentPaths.account(type),
  partnerList: (state: PartnerDocumentListUrlState = {}) => withState(documentPaths.partnerList, state),
  partnerTypeList: (type: PartnerDocumentType, state: PartnerDocumentListUrlState = {}) =>
    withState(documentPaths.partnerTypeList(type), state),
  partnerNew: (type: PartnerDocumentType) => documentPaths.partnerNew(type),
  partnerEdit: (type: PartnerDocumentType, partnerId: string) =>
    generatePath(documentPaths.partnerEdit(type), { partnerId }),
};

export const toIso = (d: Date | string) => (d instanceof Date ? d : new Date(d)).toISOString();
export const toIsoOrNull = (d: Date | string | null) => (d === null ? null : toIso(d));

/** The names a row about a customer of a partner and an asset category carries, as the list queries select them. */
export interface CustomerPartnerCategoryNames {
  customer_id: string;
  first_name: string;
  last_name: string;
  phone_no: string;
  partner_id: string;
  partner_name: string;
  category_id: string;
  category_name: string;
}

/** Those names as the API answers them. */
export const customerPartnerCategoryRefs = (r: CustomerPartnerCategoryNames) => ({
  customer: { id: r.customer_id, name: `${r.first_name} ${r.last_name}`.trim(), phoneNo: r.phone_no },
  partner: { id: r.partner_id, name: r.partner_name },
  assetCategory: { id: r.category_id, name: r.category_name },
});

import { CHECKLIST_ERRORS } from '@fleetdesk/contracts';
import { DomainError } from '../../errors.ts';
import { uniqueViolation } from '../../lib/db-errors.ts';
import { reencodeImage } from '../../lib/images.ts';

export type ChecklistErrorCode = keyof typeof CHECKLIST_ERRORS;

/** A refusal of the checklist area with the spec's code and the contract's message. */
export const refuse = (code: ChecklistErrorCode, status: number, data: unknown = null) =>
  new DomainError(code, status, CHECKLIST_ERRORS[code], data);

export const partnerNotFound = () => new DomainError('PartnerNotFound', 404, 'The partner does not exist');

/** The unique index behind each "already exists" code: two concurrent requests can both pass the friendly check. */
const uniqueIndexCodes: Record<string, ChecklistErrorCode> = {
  work_items_partner_name_key: 'WorkItemNameAlreadyExists',
  work_item_options_name_key: 'WorkItemOptionNameAlreadyExists',
  checklists_partner_name_key: 'ChecklistNameAlreadyExists',
  checklist_work_item_groups_name_key: 'ChecklistWorkItemGroupNameAlreadyExists',
};

/** Runs a write, answering a unique violation of one of the area's indexes with its 409. */
export async function uniquely<T>(write: () => Promise<T>): Promise<T> {
  try {
    return await write();
  } catch (error) {
    const code = uniqueIndexCodes[uniqueViolation(error) ?? ''];
    if (code) throw refuse(code, 409);
    throw error;
  }
}

/** Images of work items, options and groups: public like site pictures, served from /api/files/workshop. */
export async function storeWorkshopImage(
  storage: { put(key: string, content: Buffer): Promise<void> },
  content: Buffer,
  name: string,
): Promise<string> {
  const image = await reencodeImage(content, 1600);
  const key = `workshop/${name}.${image.format}`;
  await storage.put(key, image.content);
  return `/api/files/${key}`;
}

/** Field messages of names repeated inside one body (options of an item, groups of a checklist). */
export function repeatedNames(names: readonly string[], field: (index: number) => string): Record<string, string> {
  const seen = new Set<string>();
  const fields: Record<string, string> = {};
  for (const [index, name] of names.entries()) {
    const key = name.toLowerCase();
    if (seen.has(key)) fields[field(index)] = 'This name is used twice';
    seen.add(key);
  }
  return fields;
}

import { REMINDER_ERRORS } from '@fleetdesk/contracts';
import { DomainError } from '../../errors.ts';
import { uniqueViolation } from '../../lib/db-errors.ts';

export type ReminderErrorCode = keyof typeof REMINDER_ERRORS;

/** A refusal of the reminder area with its code and the contract's message. */
export const refuse = (code: ReminderErrorCode, status: number, data: unknown = null) =>
  new DomainError(code, status, REMINDER_ERRORS[code], data);

/** A refusal that names the field of the form it is about (the console shows it under that field). */
export const refuseField = (
  code: ReminderErrorCode,
  status: number,
  field: string,
  message: string = REMINDER_ERRORS[code],
) => refuse(code, status, { fields: { [field]: message } });

/** The unique index behind each "already exists" code: two concurrent requests can both pass the friendly check. */
const uniqueIndexCodes: Record<string, ReminderErrorCode> = {
  timers_partner_name_key: 'TimerNameAlreadyExists',
  reset_rules_partner_name_key: 'ResetRuleNameAlreadyExists',
};

/** Runs a write, answering a unique violation of a name index with its 409 (field `name`). */
export async function uniquely<T>(write: () => Promise<T>): Promise<T> {
  try {
    return await write();
  } catch (error) {
    const code = uniqueIndexCodes[uniqueViolation(error) ?? ''];
    if (code) throw refuseField(code, 409, 'name');
    throw error;
  }
}

/** Blank text is no text: the console omits it, an API client may send "". */
export const textOrNull = (v: string | null | undefined) =>
  v === undefined || v === null || v.trim() === '' ? null : v;

import { isApiError } from '../../../shared/http.ts';

/**
 * The refusals of the deposit calls that a dialog explains itself rather than with the generic notification: an
 * application that is no longer waiting (409, data.ids), deposits that no longer cover a refund (422,
 * data.refundableQuantity), and a record gone or out of scope (404, the server's words).
 */
export type DepositRefusal =
  | { code: 'ApplicationNotWaiting'; ids: string[] }
  | { code: 'NotRefundable'; refundableQuantity: number | null }
  | { code: 'NotFound'; message: string };

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null;

/** The refusal an error carries, or null for any other failure (those keep the http layer's notification). */
export function depositRefusalOf(error: unknown): DepositRefusal | null {
  if (!isApiError(error)) return null;
  const data = isRecord(error.data) ? error.data : {};
  if (error.code === 'ApplicationNotWaiting') {
    const ids = Array.isArray(data.ids) ? data.ids.filter((v): v is string => typeof v === 'string') : [];
    return { code: 'ApplicationNotWaiting', ids };
  }
  if (error.code === 'NotRefundable') {
    const quantity = data.refundableQuantity;
    return { code: 'NotRefundable', refundableQuantity: typeof quantity === 'number' ? quantity : null };
  }
  if (error.status === 404) return { code: 'NotFound', message: error.message };
  return null;
}

/** For `notify`: the refusals above are shown by the dialog; everything else gets the notification. */
export const notifyUnlessRefusal = (error: unknown) => depositRefusalOf(error) === null;

/** A refund dialog also shows the server's field errors on its fields. */
export const notifyUnlessRefusalOrField = (error: unknown) =>
  notifyUnlessRefusal(error) && !(isApiError(error) && error.code === 'ValidationError');

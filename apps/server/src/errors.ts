import type { ErrorCode } from '@fleetdesk/contracts';

const defaultMessages: Partial<Record<string, string>> = {
  Unauthorized: 'Sign in to continue',
  Forbidden: 'You do not have permission to do this',
  PartnerOutOfScope: 'This partner is outside your partner scope',
  NotFound: 'The data do not exist!',
  TooManyRequests: 'Too many requests, try again later',
};

/**
 * A refusal the client should see as it is: the spec's code, an HTTP status and a message for people.
 * Services throw these; the errors plugin turns them into `{ code, message, data }`.
 */
export class DomainError extends Error {
  constructor(
    readonly code: ErrorCode | (string & {}),
    readonly status: number,
    message?: string,
    readonly data: unknown = null,
  ) {
    super(message ?? defaultMessages[code] ?? code);
    this.name = 'DomainError';
  }
}

export const notFound = (what = 'The data do not exist!') => new DomainError('NotFound', 404, what);
export const forbidden = () => new DomainError('Forbidden', 403);
export const outOfScope = () => new DomainError('PartnerOutOfScope', 403);
/** An export larger than its limit is refused, never cut short. */
export const exportTooLarge = (count: number, max: number, what: string) =>
  new DomainError('ExportTooLarge', 422, `At most ${max} ${what} can be exported at once; narrow the filters`, {
    count,
    max,
  });
/** Document 2 §10: two people changing the same thing at once. */
export const editConflict = () => new DomainError('Conflict', 409, 'Only one operation can edit at the same time!');
export const validationError = (fields: Record<string, string>) =>
  new DomainError('ValidationError', 400, Object.values(fields)[0] ?? 'Validation failed', { fields });

/**
 * A refusal of the MDS Provider API's parameters, answered in MDS's own error shape
 * (`{ error, error_description, error_details }`, provider.yaml) instead of ours: agencies' clients read that one.
 */
export class MdsParamError extends Error {
  constructor(
    readonly error: 'bad_param' | 'missing_param',
    readonly details: string[],
  ) {
    super(error === 'missing_param' ? 'A required parameter is missing.' : 'A validation error occurred.');
    this.name = 'MdsParamError';
  }
}

import { z } from 'zod';

/** Every id the API hands out is a UUID; anything else is refused with 400 before a query runs. */
/** Every string of every request is refused with this when it holds U+0000 (PostgreSQL cannot store it in text). */
export const NUL_CHARACTER_MESSAGE = 'Text cannot contain a NUL character';

export const id = z.uuid({ message: 'Must be a valid id' });
export const idParams = z.strictObject({ id });
export type Id = z.infer<typeof id>;

/** Text that must not be blank nor padded with spaces (document 2 §5 "Common"). */
export const trimmedText = (max: number) =>
  z
    .string()
    .max(max, { message: `Must be at most ${max} characters` })
    .refine((v) => v.trim().length > 0, { message: 'Must not be only whitespace' })
    .refine((v) => v.trim().length === 0 || v === v.trim(), { message: 'Must not start or end with whitespace' });

export const optionalText = (max: number) => z.string().max(max, { message: `Must be at most ${max} characters` });

export const email = z.email({ message: 'Incorrect email format!' }).max(254);

/** E.164 with the leading + and the country code ("phone numeric and valid with region code"). */
export const phoneNo = z.string().regex(/^\+[1-9]\d{6,14}$/, { message: 'Phone number is invalid!' });

export const url = z.url({ message: 'Please enter a valid URL', protocol: /^https?$/ }).max(2048);

/** "+HH:MM" or "-HH:MM", not over 12:00 (document 2 §5). */
export const timezoneOffset = z
  .string()
  .regex(/^[+-](0\d|1[0-2]):[0-5]\d$/, { message: 'Timezone must be full fill' })
  .refine((v) => Number(v.slice(1, 3)) * 60 + Number(v.slice(4, 6)) <= 720, {
    message: 'Timezone offset must not be over 12:00',
  });

/** Whether the time zone is an IANA name this runtime knows (Europe/Rome); partners and dashboards name theirs so. */
export function isTimeZone(value: string): boolean {
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: value });
    return true;
  } catch {
    return false;
  }
}

/**
 * How a stored secret comes back in a response: eight dots and at most its last four characters. Sent back
 * unchanged on an update, it means "keep the stored secret".
 */
export const SECRET_MASK_PREFIX = '••••••••';
export const isSecretMask = (value: string) => value.startsWith(SECRET_MASK_PREFIX);

export const currency = z.string().regex(/^[A-Z]{3}$/, { message: 'Currency must be selected' });

export const isoDateTime = z.iso.datetime({ offset: true });

export const sortDirection = z.enum(['asc', 'desc']);

/** Query-string paging shared by every list: page 1, size 10 unless asked (document 1 §7.1). */
export const pageQuery = z.object({
  pageNo: z.coerce.number().int().min(1).default(1),
  pageSize: z.coerce.number().int().min(1).max(100).default(10),
});
export type PageQuery = z.infer<typeof pageQuery>;

/** `sort=createdAt:desc` — allowed keys are listed per list; default createdAt descending. */
export const sortQuery = <K extends string>(keys: readonly [K, ...K[]]) =>
  z
    .string()
    .regex(new RegExp(`^(${keys.join('|')}):(asc|desc)$`), {
      message: `Sort must be one of ${keys.map((k) => `${k}:asc|${k}:desc`).join(', ')}`,
    })
    .default(`createdAt:desc` as `${K}:desc`)
    .transform((v) => {
      const [key, direction] = v.split(':') as [K, 'asc' | 'desc'];
      return { key, direction };
    });

/** A query-string list: `a,b` or a repeated key; absent or blank means no filter. */
const commaList = (v: unknown) =>
  v === undefined || v === '' ? undefined : Array.isArray(v) ? v : String(v).split(',');
/** A query-string list of ids (at most 100), e.g. `partnerIdIn=…,…`. */
export const idListQuery = z.preprocess(commaList, z.array(id).max(100).optional());
/** A query-string list of one enum's values, e.g. `stateIn=due,overdue`. */
export const enumListQuery = <T extends readonly [string, ...string[]]>(values: T) =>
  z.preprocess(commaList, z.array(z.enum(values)).optional());

export const dataOf = <T extends z.ZodType>(schema: T) => z.object({ data: schema });
export const listOf = <T extends z.ZodType>(schema: T) => z.object({ data: z.array(schema), count: z.number().int() });
export const emptyResponse = z.object({ data: z.null() });

/** The one error body of the API (document 2 §8: "An API error carries code, message, data"). */
export const errorBody = z.object({
  code: z.string(),
  message: z.string(),
  data: z.unknown().nullable(),
});
export type ErrorBody = z.infer<typeof errorBody>;

/** Field errors travel as `data.fields`: dotted path → message, ready for a form. */
export type ValidationErrorData = { fields: Record<string, string> };

export const errorCodes = [
  'ValidationError',
  'BadRequest',
  'Unauthorized',
  'IncorrectCredentials',
  'Forbidden',
  'PartnerOutOfScope',
  'NotFound',
  'Conflict',
  'UsernameAlreadyUsed',
  'PayloadTooLarge',
  'UnsupportedMediaType',
  'ReferencedByOthers',
  'SiteInUse',
  'TooManyRequests',
  'InternalServerError',
  'ServiceUnavailable',
  'LastAdministrator',
] as const;
export type ErrorCode = (typeof errorCodes)[number];

/** The wildcard that stands for all partners in filters (document 1 §6.2). */
export const ALL_PARTNERS = 'VALUE_REPRESENT_TO_ALL';

/** A partner scope: the wildcard for account users, a list of partner ids for partner users. */
export const partnerScope = z.union([
  z.literal('*'),
  z.array(id).min(1, { message: 'Please select at least one item' }),
]);
export type PartnerScope = z.infer<typeof partnerScope>;
/**
 * A scope as stored and returned: the "at least one" rule is for what a client sends; a partner user whose
 * partners were all taken away still has a (empty) scope and must not break the profile or the staff list.
 */
export const partnerScopeOut = z.union([z.literal('*'), z.array(id)]);

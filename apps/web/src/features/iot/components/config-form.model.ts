import { type IotConfig, type IotConfigItem, iotConfig, iotConfigItems } from '@fleetdesk/contracts';
import type { z } from 'zod';
import { i18n } from '../../../shared/i18n/i18n.ts';
import { type FieldError, translateValidationMessage } from '../../../shared/ui/form-errors.ts';

/**
 * The config drawer's form values: each item has an "enabled" checkbox (only chosen items are sent) and its
 * fields under `config.<item>` in the contract's own shape, so a server error at `config.<item>.<field>` lands
 * on the same form field as the client's check.
 */
export interface ConfigFormValues {
  enabled?: Partial<Record<IotConfigItem, boolean>>;
  config?: Partial<Record<IotConfigItem, Record<string, unknown>>>;
}

/** What a newly ticked item starts with: switched on, minutes, level 1 and never quiet. */
export const configDefaults: Record<IotConfigItem, Record<string, unknown>> = {
  tboxAutoLightOnTiming: { switch: 'on' },
  tboxRidingGpsReport: { switch: 'on', interval: { unit: 's' } },
  motorControlSpeedLimit: { switch: 'on' },
  motorControlSpeedAlert: { switch: 'on' },
  tboxVolume: { level: 1, quietTime: { mode: 'never' } },
  tboxPeriodicReport: { switch: 'on', interval: { unit: 'm' } },
  tboxAntiTheftAlarmTiming: { switch: 'on' },
};

const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

/** Starting values: the device's confirmed config where there is one, the defaults elsewhere; nothing ticked. */
export function initialConfigValues(confirmed?: Record<string, unknown> | null): ConfigFormValues {
  const config: Partial<Record<IotConfigItem, Record<string, unknown>>> = {};
  for (const item of iotConfigItems) {
    const value = confirmed?.[item];
    config[item] = isRecord(value) ? structuredClone(value) : structuredClone(configDefaults[item]);
  }
  return { enabled: {}, config };
}

/** A blank number field or time picker comes back as null or ''; the contract wants the key left out. */
function pruneBlanks(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(pruneBlanks);
  if (!isRecord(value)) return value;
  const out: Record<string, unknown> = {};
  for (const [key, v] of Object.entries(value)) {
    if (v === null || v === undefined || v === '') continue;
    const pruned = pruneBlanks(v);
    if (isRecord(pruned) && Object.keys(pruned).length === 0) continue;
    out[key] = pruned;
  }
  return out;
}

/**
 * The config to send: ticked items only, blanks dropped, and for a switch that is off nothing but the switch
 * (a hidden time range or interval must not be sent, nor refused).
 */
export function toConfigInput(values: ConfigFormValues, offered: readonly IotConfigItem[]): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const item of offered) {
    if (!values.enabled?.[item]) continue;
    const raw = (pruneBlanks(values.config?.[item] ?? {}) ?? {}) as Record<string, unknown>;
    if (raw.switch === 'off') {
      out[item] = { switch: 'off' };
    } else if (item === 'tboxVolume' && isRecord(raw.quietTime) && raw.quietTime.mode !== 'time-range') {
      out[item] = { ...raw, quietTime: { mode: raw.quietTime.mode } };
    } else {
      out[item] = raw;
    }
  }
  return out;
}

/** A contract or server message in the reader's language: the IoT ones live in this feature's namespace. */
export function translateConfigMessage(message: string): string {
  return i18n.t(`msg.${message}`, { ns: 'iot', defaultValue: translateValidationMessage(message) });
}

/**
 * Where a message is shown: a missing time range on its start field, a missing interval on its value field
 * (the form has no field for the group itself).
 */
export function fieldNameOf(path: readonly (string | number)[]): (string | number)[] {
  const name = [...path];
  const last = name[name.length - 1];
  if (last === 'timeRange') name.push('startTime');
  if (last === 'interval') name.push('value');
  return name;
}

/** Checks a config exactly as the server will (the contract's schema); form errors for what fails. */
export function validateConfig(config: Record<string, unknown>): {
  data?: IotConfig;
  fields: FieldError[];
  form: string[];
} {
  const parsed = iotConfig.safeParse(config);
  if (parsed.success) return { data: parsed.data, fields: [], form: [] };
  return { ...issuesToErrors(parsed.error.issues, ['config']), data: undefined };
}

type Issues = z.ZodError['issues'];

function issuesToErrors(issues: Issues, prefix: (string | number)[]): { fields: FieldError[]; form: string[] } {
  const byPath = new Map<string, FieldError>();
  const form: string[] = [];
  for (const issue of issues) {
    const path = issue.path.filter((p): p is string | number => typeof p !== 'symbol');
    const message = translateConfigMessage(issue.message);
    if (path.length === 0) {
      if (!form.includes(message)) form.push(message);
      continue;
    }
    const name = [...prefix, ...fieldNameOf(path)];
    const key = name.join('.');
    const entry = byPath.get(key) ?? { name, errors: [] };
    if (!entry.errors.includes(message)) entry.errors.push(message);
    byPath.set(key, entry);
  }
  return { fields: [...byPath.values()], form };
}

/**
 * A ValidationError's fields for the config call: `config.<item>.<field>` onto the form, `assetNos` and a
 * bare `config` as messages above it.
 */
export function serverConfigErrors(fields: Record<string, string>): { fields: FieldError[]; form: string[] } {
  const out: FieldError[] = [];
  const form: string[] = [];
  for (const [path, message] of Object.entries(fields)) {
    const parts = path.split('.').map((p) => (/^\d+$/.test(p) ? Number(p) : p));
    const text = translateConfigMessage(message);
    if (parts[0] === 'config' && parts.length > 2)
      out.push({ name: ['config', ...fieldNameOf(parts.slice(1))], errors: [text] });
    else if (!form.includes(text)) form.push(text);
  }
  return { fields: out, form };
}

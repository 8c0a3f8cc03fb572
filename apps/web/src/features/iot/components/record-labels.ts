import type { IotControlRecord } from '@fleetdesk/contracts';
import type { TFunction } from 'i18next';

/** What a record asked for: the command's name, or the config items it changed. */
export function recordSubject(t: TFunction, record: IotControlRecord): string {
  if (record.kind === 'config') {
    const items = Object.keys(record.config ?? {});
    return items.length > 0
      ? items.map((item) => t(`config.${item}`, { defaultValue: item })).join(', ')
      : t('config.none');
  }
  return t(`command.${record.command}`, { defaultValue: record.command });
}

/** The failure reason in the reader's language (document 2 §8), or an empty string. */
export function failedReasonText(t: TFunction, record: Pick<IotControlRecord, 'failedReason'>): string {
  return record.failedReason ? t(`failedReason.${record.failedReason}`) : '';
}

const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

function rangeText(range: unknown): string {
  return isRecord(range) && range.startTime && range.endTime ? `${range.startTime}–${range.endTime}` : '';
}

/** One config item's value in words: "On · 22:00–06:00", "On · every 30 seconds", "Level 2 · quiet 23:00–07:00". */
export function describeConfigItem(t: TFunction, item: string, value: unknown): string {
  if (!isRecord(value)) return String(value ?? '');
  const parts: string[] = [];
  if (value.switch === 'on' || value.switch === 'off') parts.push(t(`switch.${value.switch}`));
  if (value.switch !== 'off') {
    const range = rangeText(value.timeRange);
    if (range) parts.push(range);
    if (isRecord(value.interval) && typeof value.interval.value === 'number') {
      parts.push(
        t('configText.every', { value: value.interval.value, unit: t(`unit.${String(value.interval.unit)}`) }),
      );
    }
    if (typeof value.speedKmh === 'number') parts.push(`${value.speedKmh} km/h`);
  }
  if (item === 'tboxVolume') {
    if (value.level === 1 || value.level === 2) parts.push(t(`configForm.level${value.level}`));
    if (isRecord(value.quietTime)) {
      const mode = String(value.quietTime.mode);
      const range = mode === 'time-range' ? rangeText(value.quietTime.timeRange) : '';
      parts.push(range ? t('configText.quietDuring', { range }) : t(`quietMode.${mode}`));
    }
  }
  return parts.join(' · ');
}

/**
 * Whether a config's outcome on the device is not known: the device did not answer in time (timed out, or failed
 * with "time out") or the record settled as unknown. The config may or may not have been applied, so the reader is
 * asked to verify it by hand later (document 2 §8, "Please verify the configuration manually later!").
 */
export function configOutcomeUnknown(record: Pick<IotControlRecord, 'kind' | 'status' | 'failedReason'>): boolean {
  if (record.kind !== 'config') return false;
  return record.status === 'timeout' || record.status === 'unknown' || record.failedReason === 'time-out';
}

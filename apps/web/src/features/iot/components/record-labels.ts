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

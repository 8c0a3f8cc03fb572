import { DatePicker, Input, InputNumber, Switch, Typography } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '../../../shared/format.ts';
import { imageSource } from '../../../shared/ui/image-upload.tsx';

type Definition = { id: string; valueType: string; updateMethod: string };
type Value = boolean | number | string | null;

/** A stored value shown the way its type reads best; images have their own card section. */
export function PropertyValueView({ valueType, value }: { valueType: string; value: Value }) {
  const { t } = useTranslation('assets');
  if (value === null || value === '') return <Typography.Text type="secondary">{t('property.empty')}</Typography.Text>;
  switch (valueType) {
    case 'BOOLEAN':
      return <>{value ? t('yes') : t('no')}</>;
    case 'DATE':
      return <>{dayjs(String(value)).format('L')}</>;
    case 'DATE_TIME':
      return <>{formatDateTime(String(value))}</>;
    case 'LINK':
      return (
        <Typography.Link href={String(value)} target="_blank" rel="noopener noreferrer">
          {String(value)}
        </Typography.Link>
      );
    case 'IMAGE':
      return <img src={imageSource(String(value))} alt="" style={{ maxWidth: 96, maxHeight: 64, borderRadius: 4 }} />;
    default:
      return <>{String(value)}</>;
  }
}

/** Whether staff may type a value for this property now (the server's rule, so the form offers only that). */
export function isEditable(property: Definition, current: Value, creating: boolean): boolean {
  if (property.valueType === 'IMAGE' || property.updateMethod === 'AUTOMATIC') return false;
  if (property.updateMethod === 'UNMODIFIABLE') return creating || current === null;
  return true;
}

/** The input that fits a value type; DATE and DATE_TIME hold dayjs values until they are sent. */
export function PropertyInput({ valueType, ...rest }: { valueType: string; id?: string }) {
  switch (valueType) {
    case 'BOOLEAN':
      return <Switch {...rest} />;
    case 'INTEGER':
      return <InputNumber {...rest} precision={0} style={{ width: '100%' }} />;
    case 'NUMBER':
      return <InputNumber {...rest} style={{ width: '100%' }} />;
    case 'DATE':
      return <DatePicker {...rest} style={{ width: '100%' }} />;
    case 'DATE_TIME':
      return <DatePicker {...rest} showTime style={{ width: '100%' }} />;
    case 'LINK':
      return <Input {...rest} type="url" placeholder="https://" maxLength={2048} />;
    default:
      return <Input {...rest} maxLength={500} />;
  }
}

/** A stored value → what the form's input holds. */
export function toFormValue(valueType: string, value: Value): unknown {
  if (value === null) return undefined;
  if (valueType === 'DATE' || valueType === 'DATE_TIME') return dayjs(String(value));
  return value;
}

/** The form's input → the value the server checks; empty inputs become null ("not set"). */
export function fromFormValue(valueType: string, value: unknown): Value {
  if (value === undefined || value === null || value === '') return null;
  if (dayjs.isDayjs(value))
    return valueType === 'DATE' ? (value as Dayjs).format('YYYY-MM-DD') : (value as Dayjs).format();
  if (typeof value === 'string') return value.trim() === '' ? null : value.trim();
  return value as Value;
}

/**
 * Whether a form value leaves the stored one as it is. Date-times are compared as instants to the second: the
 * picker re-writes the offset and drops milliseconds, which must not log a change nobody made.
 */
export function sameValue(valueType: string, stored: Value, next: Value): boolean {
  if (valueType === 'DATE_TIME' && typeof stored === 'string' && typeof next === 'string') {
    return dayjs(stored).isSame(dayjs(next), 'second');
  }
  return stored === next;
}

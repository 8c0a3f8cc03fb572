import { DatePicker, Form } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import type { ReactNode } from 'react';

/**
 * A range filter of a list whose value in the URL is two strings: calendar days (`YYYY-MM-DD`), or with
 * `withTime` two ISO instants. The picker itself works with dayjs values in the user's time zone.
 */
export function RangeFilterItem({
  name,
  label,
  withTime = false,
}: {
  name: string;
  label: ReactNode;
  withTime?: boolean;
}) {
  const encode = (d: Dayjs) => (withTime ? d.toISOString() : d.format('YYYY-MM-DD'));
  return (
    <Form.Item
      name={name}
      label={label}
      getValueProps={(value?: string[]) => ({
        value: value && value.length === 2 ? [dayjs(value[0]), dayjs(value[1])] : null,
      })}
      normalize={(value: [Dayjs | null, Dayjs | null] | null) =>
        value?.[0] && value[1] ? [encode(value[0]), encode(value[1])] : []
      }
    >
      {withTime ? (
        <DatePicker.RangePicker showTime={{ format: 'HH:mm' }} format="L HH:mm" allowEmpty={[false, false]} />
      ) : (
        <DatePicker.RangePicker allowEmpty={[false, false]} />
      )}
    </Form.Item>
  );
}

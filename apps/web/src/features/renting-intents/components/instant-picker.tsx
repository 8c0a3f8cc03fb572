import { DatePicker, Form, type FormItemProps } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';

/**
 * A Form.Item holding one instant as an ISO string (the API's and the URL's form) behind a date-and-time picker in
 * the user's time zone. `label` also names the picker for assistive technology.
 */
export function InstantItem({ label, ...item }: Omit<FormItemProps, 'label' | 'children'> & { label: string }) {
  return (
    <Form.Item
      {...item}
      label={label}
      getValueProps={(value?: string | null) => ({ value: value ? dayjs(value) : null })}
      normalize={(value: Dayjs | null) => (value ? value.toISOString() : undefined)}
    >
      <DatePicker showTime={{ format: 'HH:mm' }} format="L HH:mm" aria-label={label} style={{ width: 190 }} />
    </Form.Item>
  );
}

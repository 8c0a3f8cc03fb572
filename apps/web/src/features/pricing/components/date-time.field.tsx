import { DatePicker, type FormItemProps } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { FormField } from '../../../shared/ui/form-page.tsx';

/**
 * A date and time to the minute. The form keeps the ISO string the contract checks and the API takes; the picker
 * works with dayjs (the same arrangement as the tax rates' effective time).
 */
export function DateTimeField({
  disabled,
  ariaLabel,
  ...item
}: FormItemProps & { disabled?: boolean; ariaLabel: string }) {
  return (
    <FormField
      {...item}
      getValueProps={(value?: string | null) => ({ value: value ? dayjs(value) : undefined })}
      normalize={(value: Dayjs | null) => (value ? value.startOf('minute').toISOString() : null)}
    >
      <DatePicker
        showTime={{ format: 'HH:mm' }}
        format="L HH:mm"
        disabled={disabled}
        disabledDate={(day) => day.isBefore(dayjs().startOf('day'))}
        showNow={false}
        aria-label={ariaLabel}
        style={{ width: '100%' }}
      />
    </FormField>
  );
}

import { DatePicker, type FormItemProps } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
// The picker's "L" format needs dayjs's localizedFormat plugin, which format.ts installs: a page that shows no
// other date would otherwise display a literal L.
import '../format.ts';
import { FormField } from './form-page.tsx';

/**
 * A date and time to the minute. The form keeps the ISO string the contract checks and the API takes; the picker
 * works with dayjs (the same arrangement as the tax rates' effective time). Days before today cannot be picked
 * unless `pastAllowed` (a discount is scheduled ahead; a plan may have been valid for a while).
 */
export function DateTimeField({
  disabled,
  ariaLabel,
  pastAllowed = false,
  placeholder,
  ...item
}: FormItemProps & { disabled?: boolean; ariaLabel: string; pastAllowed?: boolean; placeholder?: string }) {
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
        // What an empty value means, when it means something ("Now").
        placeholder={placeholder}
        disabledDate={pastAllowed ? undefined : (day) => day.isBefore(dayjs().startOf('day'))}
        showNow={false}
        // Enter takes the typed date (the picker does that first); it must not also send the form, half filled in
        // (Ctrl/Cmd+Enter still does, by the form page's own shortcut).
        onKeyDown={(event) => {
          if (event.key === 'Enter' && !event.ctrlKey && !event.metaKey) event.preventDefault();
        }}
        aria-label={ariaLabel}
        style={{ width: '100%' }}
      />
    </FormField>
  );
}

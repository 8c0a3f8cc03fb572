import { Col, Form, Row, Switch } from 'antd';
import { useTranslation } from 'react-i18next';
import { DateTimeField } from '../../../shared/ui/date-time.field.tsx';
import { FormField } from '../../../shared/ui/form-page.tsx';

/**
 * Start and end of a discount; "until cancelled" instead of an end clears it. The start can be set only before
 * the discount starts, and then more than 10 minutes ahead.
 */
export function ScheduleFields({ startDisabled }: { startDisabled?: string }) {
  const { t } = useTranslation('pricing');
  const form = Form.useFormInstance();
  const untilCancelled = Form.useWatch('untilCancelled', form) as boolean | undefined;
  return (
    <Row gutter={16}>
      <Col xs={24} md={9}>
        <DateTimeField
          name="startTime"
          label={t('field.startTime')}
          ariaLabel={t('field.startTime')}
          extra={startDisabled ?? t('field.startTimeHint')}
          disabled={Boolean(startDisabled)}
          required
        />
      </Col>
      <Col xs={24} md={6}>
        <FormField name="untilCancelled" label={t('field.untilCancelled')} valuePropName="checked">
          <Switch
            aria-label={t('field.untilCancelled')}
            onChange={(on) => {
              if (on) form.setFieldValue('endTime', null);
            }}
          />
        </FormField>
      </Col>
      <Col xs={24} md={9}>
        <DateTimeField
          name="endTime"
          label={t('field.endTime')}
          ariaLabel={t('field.endTime')}
          extra={untilCancelled ? t('field.endTimeUntilCancelled') : undefined}
          disabled={Boolean(untilCancelled)}
          dependencies={['startTime', 'untilCancelled']}
          required={!untilCancelled}
        />
      </Col>
    </Row>
  );
}

import { Alert, List, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { translateValidationMessage } from '../../../shared/ui/form-errors.ts';

/** What a change by asset numbers did, and why each refused number was refused. */
export function ChangeOutcome({
  added,
  removed,
  refused,
}: {
  added?: number;
  removed?: number;
  refused: Record<string, string>;
}) {
  const { t } = useTranslation('reminders');
  const entries = Object.entries(refused);
  return (
    <div data-testid="change-outcome">
      {added !== undefined && added > 0 && (
        <Typography.Paragraph>{t('assets.added', { count: added })}</Typography.Paragraph>
      )}
      {removed !== undefined && removed > 0 && (
        <Typography.Paragraph>{t('assets.removed', { count: removed })}</Typography.Paragraph>
      )}
      {entries.length > 0 && (
        <Alert
          type="warning"
          showIcon
          title={t('assets.refused', { count: entries.length })}
          description={
            <List
              size="small"
              dataSource={entries}
              renderItem={([no, reason]) => (
                <List.Item style={{ paddingInline: 0 }}>
                  <Typography.Text code>{no}</Typography.Text> {translateValidationMessage(reason)}
                </List.Item>
              )}
            />
          }
        />
      )}
    </div>
  );
}

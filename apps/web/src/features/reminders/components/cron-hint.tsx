import { Flex, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';

const fieldKeys = ['minute', 'hour', 'day', 'month', 'weekday'] as const;

/** The five fields of a cron expression, or null when it does not have exactly five (document 2 §9). */
export function cronFields(cron: string | undefined | null): string[] | null {
  const parts = (cron ?? '').trim().split(/\s+/).filter(Boolean);
  return parts.length === 5 ? parts : null;
}

/**
 * Before the schedule is saved the console cannot compute its runs (the server parses it with croner in the
 * partner's zone), so it reads the expression back field by field, in words; after saving the next runs show.
 */
export function CronHint({ cron }: { cron: string | undefined | null }) {
  const { t } = useTranslation('reminders');
  const fields = cronFields(cron);
  if (!cron?.trim()) return <Typography.Text type="secondary">{t('cron.example')}</Typography.Text>;
  if (!fields) return <Typography.Text type="danger">{t('cron.fiveFields')}</Typography.Text>;
  return (
    <Flex wrap gap={4} data-testid="cron-hint">
      {fields.map((value, index) => (
        <Tag key={fieldKeys[index]}>
          {t(`cron.${fieldKeys[index]}`)}: {value === '*' ? t('cron.every') : value}
        </Tag>
      ))}
    </Flex>
  );
}

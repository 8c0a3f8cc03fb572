import { deviceAlarmCodes, deviceErrorCodes } from '@fleetdesk/contracts';
import { Badge, Descriptions, Drawer, Flex, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { colorOfCode, displayStatusColors } from '../charts.ts';

/** The display statuses in the order they are decided (document 2 §4; see displayStatusSql on the server). */
const statusPrecedence = ['Removed', 'Retired', 'Missing', 'Error', 'Alarm', 'New', 'Active', 'Inactive'] as const;

/** What each display status, alarm code, error code and period means (definitions.button.tsx opens it). */
export default function DefinitionsDrawer({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { t } = useTranslation('dashboard');
  const section = (
    title: string,
    intro: string,
    items: readonly string[],
    label: (item: string) => string,
    help: (item: string) => string,
    color: (item: string) => string,
  ) => (
    <Flex vertical gap={8}>
      <Typography.Title level={5} style={{ margin: 0 }}>
        {title}
      </Typography.Title>
      <Typography.Text type="secondary">{intro}</Typography.Text>
      <Descriptions
        size="small"
        column={1}
        bordered
        styles={{ label: { whiteSpace: 'nowrap', width: 180 } }}
        items={items.map((item) => ({
          key: item,
          label: <Badge color={color(item)} text={label(item)} />,
          children: help(item),
        }))}
      />
    </Flex>
  );

  return (
    <Drawer title={t('definitions.title')} open={open} onClose={onClose} size={520}>
      <Flex vertical gap={24}>
        {section(
          t('definitions.statuses'),
          t('definitions.statusesIntro'),
          statusPrecedence,
          (s) => t(`status.${s}`),
          (s) => t(`statusHelp.${s}`),
          (s) => displayStatusColors[s] ?? '#bfbfbf',
        )}
        {section(
          t('definitions.alarms'),
          t('definitions.alarmsIntro'),
          deviceAlarmCodes,
          (c) => t(`code.${c}`),
          (c) => t(`codeHelp.${c}`),
          colorOfCode,
        )}
        {section(
          t('definitions.errors'),
          t('definitions.errorsIntro'),
          deviceErrorCodes,
          (c) => t(`code.${c}`),
          (c) => t(`codeHelp.${c}`),
          colorOfCode,
        )}
        <Flex vertical gap={8}>
          <Typography.Title level={5} style={{ margin: 0 }}>
            {t('definitions.periods')}
          </Typography.Title>
          <Typography.Text>{t('definitions.periodsText')}</Typography.Text>
        </Flex>
      </Flex>
    </Drawer>
  );
}

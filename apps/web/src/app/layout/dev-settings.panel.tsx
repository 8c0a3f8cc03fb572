import { SettingOutlined } from '@ant-design/icons';
import { Drawer, Flex, FloatButton, Switch, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { LocaleSwitcher } from '../../shared/ui/locale-switcher.tsx';
import { useThemeSettings } from '../theme.ts';

/** Development only (document 1 §2.5): theme and locale switches for checking screens quickly. */
export default function DevSettingsPanel() {
  const { t } = useTranslation();
  const { theme, setTheme } = useThemeSettings();
  const [open, setOpen] = useState(false);
  return (
    <>
      <FloatButton icon={<SettingOutlined />} tooltip={t('dev.title')} onClick={() => setOpen(true)} />
      <Drawer open={open} onClose={() => setOpen(false)} title={t('dev.title')} size={320}>
        <Flex vertical gap={16}>
          <Flex justify="space-between" align="center">
            <Typography.Text>{t('dev.dark')}</Typography.Text>
            <Switch checked={theme.dark} onChange={(dark) => setTheme({ ...theme, dark })} />
          </Flex>
          <Flex justify="space-between" align="center">
            <Typography.Text>{t('dev.compact')}</Typography.Text>
            <Switch checked={theme.compact} onChange={(compact) => setTheme({ ...theme, compact })} />
          </Flex>
          <Flex justify="space-between" align="center">
            <Typography.Text>{t('shell.language')}</Typography.Text>
            <LocaleSwitcher />
          </Flex>
        </Flex>
      </Drawer>
    </>
  );
}

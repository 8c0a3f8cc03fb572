import { GlobalOutlined } from '@ant-design/icons';
import { Button, Dropdown } from 'antd';
import { useTranslation } from 'react-i18next';
import { changeLocale, currentLocale } from '../i18n/i18n.ts';
import { isLocale, localeNames, locales } from '../i18n/locales.ts';

/** The language menu of the header and the login page. */
export function LocaleSwitcher({ compact = false }: { compact?: boolean }) {
  const { t, i18n } = useTranslation();
  const active = isLocale(i18n.language) ? i18n.language : currentLocale();
  return (
    <Dropdown
      trigger={['click']}
      menu={{
        selectable: true,
        selectedKeys: [active],
        items: locales.map((locale) => ({ key: locale, label: localeNames[locale] })),
        onClick: ({ key }) => {
          if (isLocale(key)) void changeLocale(key);
        },
      }}
    >
      <Button
        type="text"
        icon={<GlobalOutlined />}
        // The name holds the visible language name (WCAG 2.5.3).
        aria-label={compact ? t('shell.language') : `${t('shell.language')}: ${localeNames[active]}`}
        data-testid="locale-switcher"
      >
        {compact ? null : localeNames[active]}
      </Button>
    </Dropdown>
  );
}

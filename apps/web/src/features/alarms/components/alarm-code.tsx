import { Badge } from 'antd';
import { useTranslation } from 'react-i18next';
import { colorOfCode } from '../../dashboard/charts.ts';

/** An alarm or error code in the dashboard's words and colour; a code the catalogue does not know shows as sent. */
export function AlarmCode({ code }: { code: string | null }) {
  const { t, i18n } = useTranslation('dashboard');
  const key = code ?? 'unknown';
  const label = i18n.exists(`code.${key}`, { ns: 'dashboard' }) ? t(`code.${key}`) : key;
  return <Badge color={colorOfCode(key)} text={label} />;
}

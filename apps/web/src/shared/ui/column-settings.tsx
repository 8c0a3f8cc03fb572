import { SettingOutlined } from '@ant-design/icons';
import { Button, Checkbox, Flex, Popover, Tooltip } from 'antd';
import { useCallback, useState } from 'react';
import { useTranslation } from 'react-i18next';

const storageKey = (listKey: string) => `fleetdesk.columns.${listKey}`;

function readHidden(listKey: string, fallback: readonly string[]): string[] {
  try {
    const raw = localStorage.getItem(storageKey(listKey));
    const parsed: unknown = raw ? JSON.parse(raw) : null;
    return Array.isArray(parsed) ? parsed.filter((v): v is string => typeof v === 'string') : [...fallback];
  } catch {
    return [...fallback];
  }
}

/** Which columns a user hid on one list, remembered per list in this browser. */
export function useHiddenColumns(listKey: string, defaultHidden: readonly string[]) {
  const [hidden, setHiddenState] = useState(() => readHidden(listKey, defaultHidden));
  const setHidden = useCallback(
    (next: string[]) => {
      setHiddenState(next);
      try {
        localStorage.setItem(storageKey(listKey), JSON.stringify(next));
      } catch {
        // Not persisted; the choice still applies until the page is left.
      }
    },
    [listKey],
  );
  const reset = useCallback(() => {
    setHiddenState([...defaultHidden]);
    try {
      localStorage.removeItem(storageKey(listKey));
    } catch {
      // Nothing stored.
    }
  }, [listKey, defaultHidden]);
  return { hidden, setHidden, reset };
}

export interface ColumnSettingsProps {
  columns: readonly { key: string; title: string; alwaysVisible?: boolean }[];
  hidden: readonly string[];
  onChange: (hidden: string[]) => void;
  onReset: () => void;
}

export function ColumnSettings({ columns, hidden, onChange, onReset }: ColumnSettingsProps) {
  const { t } = useTranslation();
  const content = (
    <Flex vertical gap={4}>
      {columns.map((column) => (
        <Checkbox
          key={column.key}
          checked={!hidden.includes(column.key)}
          disabled={column.alwaysVisible}
          onChange={(event) =>
            onChange(event.target.checked ? hidden.filter((k) => k !== column.key) : [...hidden, column.key])
          }
        >
          {column.title}
        </Checkbox>
      ))}
      <Button size="small" type="link" onClick={onReset} style={{ alignSelf: 'flex-start', padding: 0 }}>
        {t('list.resetColumns')}
      </Button>
    </Flex>
  );
  return (
    <Popover content={content} title={t('list.columns')} trigger="click" placement="bottomRight">
      <Tooltip title={t('list.columns')}>
        <Button icon={<SettingOutlined />} aria-label={t('list.columns')} />
      </Tooltip>
    </Popover>
  );
}

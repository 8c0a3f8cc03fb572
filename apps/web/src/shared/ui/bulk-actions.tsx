import { DownOutlined } from '@ant-design/icons';
import { Button, Dropdown, Flex, Space, theme } from 'antd';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { usePhone } from './use-phone.ts';

/**
 * The actions on a list's selected rows. On a phone they fold into one "Bulk actions" menu (issue 21); the
 * buttons inside are the same components, so their dialogs, drawers and own menus work unchanged.
 */
export function BulkActions({ children, disabled }: { children: ReactNode; disabled?: boolean }) {
  const { t } = useTranslation();
  const { token } = theme.useToken();
  const phone = usePhone();
  const [open, setOpen] = useState(false);
  if (!phone) return children;
  return (
    <Dropdown
      open={open}
      onOpenChange={setOpen}
      trigger={['click']}
      disabled={disabled}
      popupRender={() => (
        <Flex
          vertical
          gap={8}
          data-testid="bulk-actions-menu"
          style={{
            padding: 8,
            background: token.colorBgElevated,
            borderRadius: token.borderRadiusLG,
            boxShadow: token.boxShadowSecondary,
          }}
          onClick={(event) => {
            // A button that opens its own menu (Send command) keeps this one open until an item is picked.
            const target = event.target as HTMLElement;
            if (!target.closest('.ant-dropdown-trigger')) setOpen(false);
          }}
        >
          {children}
        </Flex>
      )}
    >
      <Button>
        <Space size={4}>
          {t('list.bulkActions')}
          <DownOutlined />
        </Space>
      </Button>
    </Dropdown>
  );
}

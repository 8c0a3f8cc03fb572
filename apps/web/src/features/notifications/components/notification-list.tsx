import { AlertOutlined, RollbackOutlined, SolutionOutlined, ToolOutlined, WalletOutlined } from '@ant-design/icons';
import type { Notification, NotificationKind } from '@fleetdesk/contracts';
import { Avatar, Badge, Empty, Flex, List, Typography, theme } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { relativeTime, wordingOf } from '../notification-wording.ts';

const ICONS: Record<NotificationKind, ReactNode> = {
  reminder: <AlertOutlined />,
  ticketAssigned: <ToolOutlined />,
  checkoutUndone: <RollbackOutlined />,
  depositRefundWaiting: <WalletOutlined />,
  b2bTicketReported: <SolutionOutlined />,
};

/**
 * The notifications in the bell's drawer, in a chunk of their own: antd's list and the kinds' icons load when the
 * drawer first opens, not with the console's first screen (issue 27).
 */
export default function NotificationList({
  items,
  now,
  follow,
}: {
  items: Notification[];
  now: number;
  follow: (n: Notification) => void;
}) {
  const { t, i18n } = useTranslation('notifications');
  const { token } = theme.useToken();
  if (items.length === 0) return <Empty description={t('drawer.empty')} image={Empty.PRESENTED_IMAGE_SIMPLE} />;
  return (
    <List
      dataSource={items}
      rowKey="id"
      renderItem={(n) => {
        const wording = wordingOf(n, i18n.language);
        return (
          <List.Item
            data-testid="notification-item"
            data-unread={n.readAt === null}
            onClick={() => follow(n)}
            onKeyDown={(e) => {
              if (e.key === 'Enter' || e.key === ' ') follow(n);
            }}
            tabIndex={0}
            style={{
              cursor: n.link ? 'pointer' : 'default',
              paddingInline: 8,
              borderRadius: token.borderRadius,
              background: n.readAt ? undefined : token.colorPrimaryBg,
            }}
          >
            <List.Item.Meta
              avatar={<Avatar icon={ICONS[n.kind]} style={{ background: token.colorPrimary }} />}
              title={
                <Flex justify="space-between" gap={8}>
                  <Typography.Text strong={n.readAt === null}>
                    {t(wording.title.key, wording.title.values)}
                  </Typography.Text>
                  {n.readAt === null && <Badge status="processing" aria-label={t('drawer.unread')} />}
                </Flex>
              }
              description={
                <Flex vertical gap={2}>
                  {wording.detail && <span>{t(wording.detail.key, wording.detail.values)}</span>}
                  <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                    <time dateTime={n.createdAt} title={new Date(n.createdAt).toLocaleString(i18n.language)}>
                      {relativeTime(n.createdAt, now, i18n.language)}
                    </time>
                  </Typography.Text>
                </Flex>
              }
            />
          </List.Item>
        );
      }}
    />
  );
}

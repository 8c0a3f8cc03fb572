import {
  AlertOutlined,
  BellOutlined,
  RollbackOutlined,
  SolutionOutlined,
  ToolOutlined,
  WalletOutlined,
} from '@ant-design/icons';
import type { Notification, NotificationKind } from '@fleetdesk/contracts';
import { Avatar, Badge, Button, Drawer, Empty, Flex, List, Spin, Typography, theme } from 'antd';
import { type ReactNode, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useMarkAllRead, useMarkRead, useNotificationList, useNotificationStream, useUnreadCount } from '../api.ts';
import { relativeTime, wordingOf } from '../notification-wording.ts';

const ICONS: Record<NotificationKind, ReactNode> = {
  reminder: <AlertOutlined />,
  ticketAssigned: <ToolOutlined />,
  checkoutUndone: <RollbackOutlined />,
  depositRefundWaiting: <WalletOutlined />,
  b2bTicketReported: <SolutionOutlined />,
};

/** Re-renders every minute, so "3 minutes ago" moves on while the drawer is open. */
function useNow(active: boolean): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (!active) return;
    setNow(Date.now());
    const timer = setInterval(() => setNow(Date.now()), 60_000);
    return () => clearInterval(timer);
  }, [active]);
  return now;
}

/**
 * The bell in the header: the unread count, live over the notification stream (a slow refresh while it is down),
 * and a drawer with the user's notifications; each opens its object and is marked read on the way.
 */
export function NotificationBell() {
  const { t, i18n } = useTranslation('notifications');
  const { token } = theme.useToken();
  const navigate = useNavigate();
  const [open, setOpen] = useState(false);
  const live = useNotificationStream();
  const unread = useUnreadCount(live).data?.count ?? 0;
  const list = useNotificationList(open);
  const markRead = useMarkRead();
  const markAll = useMarkAllRead();
  const now = useNow(open);
  const items = list.data?.pages.flatMap((p) => p.data) ?? [];

  const follow = (n: Notification) => {
    if (!n.readAt) markRead.mutate(n);
    if (n.link) {
      setOpen(false);
      navigate(n.link);
    }
  };

  return (
    <>
      <Button
        type="text"
        data-testid="notification-bell"
        aria-label={unread ? t('bell.labelUnread', { count: unread }) : t('bell.label')}
        onClick={() => setOpen(true)}
        icon={
          <Badge count={unread} size="small" overflowCount={99} data-testid="notification-badge">
            <BellOutlined style={{ fontSize: 18 }} />
          </Badge>
        }
      />
      <Drawer
        open={open}
        onClose={() => setOpen(false)}
        title={t('drawer.title')}
        width={420}
        data-testid="notification-drawer"
        extra={
          <Button
            size="small"
            onClick={() => markAll.mutate()}
            disabled={unread === 0}
            loading={markAll.isPending}
            data-testid="notification-read-all"
          >
            {t('drawer.readAll')}
          </Button>
        }
        styles={{ body: { paddingBlock: 8 } }}
      >
        {list.isPending ? (
          <Flex justify="center" style={{ padding: 24 }}>
            <Spin aria-label={t('drawer.loading')} />
          </Flex>
        ) : items.length === 0 ? (
          <Empty description={t('drawer.empty')} image={Empty.PRESENTED_IMAGE_SIMPLE} />
        ) : (
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
        )}
        {list.hasNextPage && (
          <Flex justify="center" style={{ paddingTop: 8 }}>
            <Button
              onClick={() => void list.fetchNextPage()}
              loading={list.isFetchingNextPage}
              data-testid="notification-more"
            >
              {t('drawer.more')}
            </Button>
          </Flex>
        )}
      </Drawer>
    </>
  );
}

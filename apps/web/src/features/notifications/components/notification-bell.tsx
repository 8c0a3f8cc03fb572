import { BellOutlined } from '@ant-design/icons';
import type { Notification } from '@fleetdesk/contracts';
import { Badge, Button, Drawer, Flex, Spin } from 'antd';
import { lazy, Suspense, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useMarkAllRead, useMarkRead, useNotificationList, useNotificationStream, useUnreadCount } from '../api.ts';

// The drawer's list (antd's List, the kinds' icons) loads when the bell is first clicked, alongside the list's data.
const loadList = () => import('./notification-list.tsx');
const NotificationList = lazy(loadList);

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
  const { t } = useTranslation('notifications');
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

  const spinner = (
    <Flex justify="center" style={{ padding: 24 }}>
      <Spin aria-label={t('drawer.loading')} />
    </Flex>
  );

  return (
    <>
      <Button
        type="text"
        data-testid="notification-bell"
        aria-label={unread ? t('bell.labelUnread', { count: unread }) : t('bell.label')}
        onClick={() => {
          void loadList().catch(() => undefined);
          setOpen(true);
        }}
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
          spinner
        ) : (
          <Suspense fallback={spinner}>
            <NotificationList items={items} now={now} follow={follow} />
          </Suspense>
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

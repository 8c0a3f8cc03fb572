import {
  type NotificationChannels,
  type NotificationKind,
  type NotificationSettings,
  notificationKinds,
} from '@fleetdesk/contracts';
import { Alert, App, Button, Card, Flex, Switch, Table, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNotificationSettings, useSaveNotificationSettings } from '../../notifications/api.ts';

/**
 * Account settings → Notification: for each kind, in-app and/or e-mail, and the daily digest (e-mails gathered into
 * one a day). The signed-in user's own choices; anyone signed in may change theirs.
 */
export function AccountNotification() {
  const { t } = useTranslation('account');
  const { t: kindLabel } = useTranslation('notifications');
  const { message } = App.useApp();
  const stored = useNotificationSettings();
  const save = useSaveNotificationSettings();
  // The user's changes over what the server holds; none until a switch is turned, none again once saved.
  const [edits, setEdits] = useState<NotificationSettings>();
  const draft = edits ?? stored.data;
  const dirty = edits !== undefined && JSON.stringify(edits) !== JSON.stringify(stored.data);
  const edit = (change: (d: NotificationSettings) => NotificationSettings) =>
    setEdits((e) => {
      const d = e ?? stored.data;
      return d && change(d);
    });

  const set = (kind: NotificationKind, channel: keyof NotificationChannels, value: boolean) =>
    edit((d) => ({ ...d, kinds: { ...d.kinds, [kind]: { ...d.kinds[kind], [channel]: value } } }));

  const rows = notificationKinds.map((kind) => ({ kind, ...(draft?.kinds[kind] ?? { inApp: true, email: false }) }));

  return (
    <Card title={t('section.notification')} data-testid="account-notification" loading={stored.isPending}>
      {stored.error ? (
        <Alert type="error" showIcon message={t('notification.loadFailed')} />
      ) : (
        <Flex vertical gap={16}>
          <Table
            size="small"
            pagination={false}
            rowKey="kind"
            dataSource={rows}
            columns={[
              {
                key: 'kind',
                title: t('notification.kind'),
                render: (_, r) => kindLabel(`kind.${r.kind}`),
              },
              {
                key: 'inApp',
                title: t('notification.inApp'),
                width: 120,
                render: (_, r) => (
                  <Switch
                    checked={r.inApp}
                    onChange={(v) => set(r.kind, 'inApp', v)}
                    aria-label={t('notification.inAppOf', { kind: kindLabel(`kind.${r.kind}`) })}
                    data-testid={`notification-${r.kind}-inApp`}
                  />
                ),
              },
              {
                key: 'email',
                title: t('notification.email'),
                width: 120,
                render: (_, r) => (
                  <Switch
                    checked={r.email}
                    onChange={(v) => set(r.kind, 'email', v)}
                    aria-label={t('notification.emailOf', { kind: kindLabel(`kind.${r.kind}`) })}
                    data-testid={`notification-${r.kind}-email`}
                  />
                ),
              },
            ]}
          />
          <Flex gap={12} align="center">
            <Switch
              checked={draft?.dailyDigest ?? false}
              onChange={(v) => edit((d) => ({ ...d, dailyDigest: v }))}
              aria-label={t('notification.dailyDigest')}
              data-testid="notification-daily-digest"
            />
            <Flex vertical>
              <Typography.Text>{t('notification.dailyDigest')}</Typography.Text>
              <Typography.Text type="secondary">{t('notification.dailyDigestHint')}</Typography.Text>
            </Flex>
          </Flex>
          <Flex justify="flex-end">
            <Button
              type="primary"
              disabled={!dirty}
              loading={save.isPending}
              data-testid="notification-save"
              onClick={() => {
                if (!draft) return;
                save.mutate(draft, {
                  onSuccess: () => {
                    setEdits(undefined);
                    void message.success(t('notification.saved'));
                  },
                });
              }}
            >
              {t('notification.save')}
            </Button>
          </Flex>
        </Flex>
      )}
    </Card>
  );
}

import { Card, Flex, Typography } from 'antd';
import type { ReactNode } from 'react';
import { LocaleSwitcher } from '../../shared/ui/locale-switcher.tsx';

/** The frame of the signed-out pages (forgot password, reset, register): logo, title, one card, the locale. */
export function AuthCard({ title, children }: { title: ReactNode; children: ReactNode }) {
  return (
    <Flex vertical align="center" justify="center" style={{ minHeight: '100vh', padding: 16 }}>
      <Flex justify="flex-end" style={{ position: 'fixed', top: 12, right: 16 }}>
        <LocaleSwitcher />
      </Flex>
      <Card style={{ width: '100%', maxWidth: 440 }}>
        <Flex vertical align="center" gap={8} style={{ marginBottom: 16 }}>
          <img src={`${import.meta.env.BASE_URL}logo.svg`} alt="" width={40} height={40} />
          <Typography.Title level={3} style={{ margin: 0 }}>
            {title}
          </Typography.Title>
        </Flex>
        {children}
      </Card>
    </Flex>
  );
}

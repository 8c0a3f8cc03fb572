import { LogoutOutlined, MenuFoldOutlined, MenuUnfoldOutlined, UserOutlined } from '@ant-design/icons';
import { Avatar, Button, Dropdown, Flex, Grid, Layout, Spin, theme } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { NotificationBell } from '../../features/notifications/components/notification-bell.tsx';
import { useProfile } from '../../shared/profile.ts';
import { LocaleSwitcher } from '../../shared/ui/locale-switcher.tsx';

/** Document 1 §9: header height, and the scroll distance after which it turns solid. */
export const HEADER_HEIGHT = 56;

function useScrolledPast(offset: number): boolean {
  const [past, setPast] = useState(() => window.scrollY > offset);
  useEffect(() => {
    const update = () => setPast(window.scrollY > offset);
    window.addEventListener('scroll', update, { passive: true });
    return () => window.removeEventListener('scroll', update);
  }, [offset]);
  return past;
}

export interface ShellHeaderProps {
  menuOpen: boolean;
  onToggleMenu: () => void;
  showMenuToggle: boolean;
}

export function ShellHeader({ menuOpen, onToggleMenu, showMenuToggle }: ShellHeaderProps) {
  const { t } = useTranslation();
  const { token } = theme.useToken();
  const solid = useScrolledPast(HEADER_HEIGHT);
  // On a phone the header keeps only icons: logo, language, avatar.
  const wide = Grid.useBreakpoint().sm ?? true;
  return (
    <Layout.Header
      data-solid={solid}
      style={{
        position: 'sticky',
        top: 0,
        zIndex: 100,
        height: HEADER_HEIGHT,
        lineHeight: `${HEADER_HEIGHT}px`,
        paddingInline: 16,
        display: 'flex',
        alignItems: 'center',
        gap: 8,
        background: solid ? token.colorBgContainer : 'transparent',
        boxShadow: solid ? token.boxShadowTertiary : 'none',
        backdropFilter: solid ? undefined : 'blur(4px)',
        transition: 'background 0.2s, box-shadow 0.2s',
      }}
    >
      {showMenuToggle && (
        <Button
          type="text"
          icon={menuOpen ? <MenuFoldOutlined /> : <MenuUnfoldOutlined />}
          onClick={onToggleMenu}
          aria-label={t('shell.toggleMenu')}
        />
      )}
      {/* The name holds the visible "Fleetdesk" (WCAG 2.5.3); on a phone only the logo shows. */}
      <Link
        to="/"
        aria-label={wide ? `Fleetdesk, ${t('shell.home')}` : t('shell.home')}
        style={{ display: 'flex', alignItems: 'center', gap: 8 }}
      >
        <img src={`${import.meta.env.BASE_URL}logo.svg`} alt="" width={28} height={28} />
        {wide && <span style={{ color: token.colorText, fontSize: 18, fontWeight: 600 }}>Fleetdesk</span>}
      </Link>
      <Flex flex={1} justify="flex-end" align="center" gap={4}>
        <LocaleSwitcher compact={!wide} />
        <NotificationBell />
        <UserMenu showName={wide} />
      </Flex>
    </Layout.Header>
  );
}

/** Name and avatar with Logout; a spinner while the profile loads or lacks a username (document 1 §2.6). */
function UserMenu({ showName }: { showName: boolean }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { data: profile } = useProfile();
  if (!profile?.username) return <Spin size="small" aria-label={t('shell.loading')} />;
  return (
    <Dropdown
      trigger={['click']}
      menu={{
        items: [{ key: 'logout', icon: <LogoutOutlined />, label: t('shell.logout') }],
        onClick: ({ key }) => {
          if (key === 'logout') navigate('/auth/logout');
        },
      }}
    >
      <Button type="text" data-testid="user-menu" style={{ height: 40 }} aria-label={profile.name || profile.username}>
        <Avatar size="small" src={profile.account.logoImgUrl ?? undefined} icon={<UserOutlined />} />
        {showName && <span>{profile.name || profile.username}</span>}
      </Button>
    </Dropdown>
  );
}

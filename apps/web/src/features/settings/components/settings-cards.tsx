import { satisfies } from '@fleetdesk/contracts';
import { Card, Col, Empty, Row, Typography } from 'antd';
import { createElement } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { usePermissionSet } from '../../../shared/permissions.ts';
import { PageContainer } from '../../../shared/ui/page-container.tsx';
import type { SettingsSection } from '../general-sections.ts';

/** A settings landing page: one card per section the user may open, or a note that there is none. */
export function SettingsCards({ sections, emptyKey }: { sections: SettingsSection[]; emptyKey: string }) {
  const { t } = useTranslation('settings');
  const permissions = usePermissionSet();
  const navigate = useNavigate();
  const allowed = sections.filter((section) => satisfies(permissions, section.requires));
  return (
    <PageContainer>
      {allowed.length === 0 ? (
        <Empty description={t(emptyKey)} />
      ) : (
        <Row gutter={[16, 16]}>
          {allowed.map((section) => (
            <Col key={section.key} xs={24} sm={12} lg={8}>
              {/* The link is the title, its name what it shows (WCAG 2.5.3); the whole card takes a mouse click. */}
              <Card hoverable onClick={() => navigate(section.to)} style={{ cursor: 'pointer' }}>
                <Card.Meta
                  avatar={<span style={{ fontSize: 24 }}>{createElement(section.icon)}</span>}
                  title={<Link to={section.to}>{t(section.titleKey)}</Link>}
                  description={<Typography.Text type="secondary">{t(section.descriptionKey)}</Typography.Text>}
                />
              </Card>
            </Col>
          ))}
        </Row>
      )}
    </PageContainer>
  );
}

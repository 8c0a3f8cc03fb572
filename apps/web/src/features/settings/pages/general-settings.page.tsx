import { satisfies } from '@fleetdesk/contracts';
import { Card, Col, Empty, Row, Typography } from 'antd';
import { createElement } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { usePermissionSet } from '../../../shared/permissions.ts';
import { PageContainer } from '../../../shared/ui/page-container.tsx';
import { generalSections } from '../general-sections.ts';

/** /setting/general: one card per general-settings section the user may open. */
export default function GeneralSettingsPage() {
  const { t } = useTranslation('settings');
  const permissions = usePermissionSet();
  const sections = generalSections.filter((section) => satisfies(permissions, section.requires));
  return (
    <PageContainer>
      {sections.length === 0 ? (
        <Empty description={t('general.empty')} />
      ) : (
        <Row gutter={[16, 16]}>
          {sections.map((section) => (
            <Col key={section.key} xs={24} sm={12} lg={8}>
              <Link to={section.to} aria-label={t(section.titleKey)}>
                <Card hoverable>
                  <Card.Meta
                    avatar={<span style={{ fontSize: 24 }}>{createElement(section.icon)}</span>}
                    title={t(section.titleKey)}
                    description={<Typography.Text type="secondary">{t(section.descriptionKey)}</Typography.Text>}
                  />
                </Card>
              </Link>
            </Col>
          ))}
        </Row>
      )}
    </PageContainer>
  );
}

import { Alert, Col, Form, Input, Row } from 'antd';
import { useTranslation } from 'react-i18next';
import { FormField } from '../../../shared/ui/form-page.tsx';
import { isAdminRole } from './permission-matrix.model.ts';
import { PermissionMatrix } from './permission-matrix.tsx';

/**
 * Title and the two permission matrices side by side on wide screens (web platform, operation app). A role
 * holding base:admin grants everything: its boxes are shown ticked and locked, and saving keeps base:admin.
 */
export function RoleFields() {
  const { t } = useTranslation('roles');
  const permissions: string[] | undefined = Form.useWatch('permissions', { preserve: true });
  const admin = isAdminRole(permissions ?? []);

  return (
    <>
      <FormField name="title" label={t('field.title')} required style={{ maxWidth: 480 }}>
        <Input maxLength={60} autoFocus data-testid="role-title" />
      </FormField>
      {admin && (
        <Alert
          type="info"
          showIcon
          title={t('admin.title')}
          description={t('admin.description')}
          style={{ marginBottom: 16 }}
          data-testid="role-admin-notice"
        />
      )}
      <Row gutter={[16, 16]} align="top">
        <Col xs={24} xl={15}>
          <FormField name="permissions">
            <PermissionMatrix platform="web" allGranted={admin} />
          </FormField>
        </Col>
        <Col xs={24} xl={9}>
          <FormField name="appPermissions">
            <PermissionMatrix platform="app" allGranted={admin} />
          </FormField>
        </Col>
      </Row>
    </>
  );
}

import { useQueryClient } from '@tanstack/react-query';
import { Button, Result } from 'antd';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router';
import { clearToken } from '../../shared/session.ts';
import { loginPath } from '../auth/redirect.ts';

/** A route for account users (partnerScope '*') opened by a partner user: sign in as someone else. */
export function PartnerScopeMismatchPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const location = useLocation();
  const queryClient = useQueryClient();
  const goLogin = () => {
    clearToken();
    queryClient.clear();
    navigate(loginPath(location), { replace: true });
  };
  return (
    <Result
      status="warning"
      title={t('error.partnerScope')}
      extra={
        <Button type="primary" onClick={goLogin}>
          {t('error.goLogin')}
        </Button>
      }
    />
  );
}

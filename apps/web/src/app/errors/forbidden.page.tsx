import { Button, Result } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';

/** A route whose requirement the user does not meet (the menu hides it, but links and bookmarks exist). */
export function ForbiddenPage() {
  const { t } = useTranslation();
  return (
    <Result
      status="403"
      title="403"
      subTitle={t('error.forbidden')}
      extra={
        <Link to="/">
          <Button type="primary">{t('error.backHome')}</Button>
        </Link>
      }
    />
  );
}

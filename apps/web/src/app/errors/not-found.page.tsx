import { Button, Result } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useDocumentTitle } from '../layout/document-title.ts';

/** Any path no route claims (document 1 §2.1); reachable signed out too. */
export default function NotFoundPage() {
  const { t } = useTranslation();
  useDocumentTitle(t('error.notFoundTitle'));
  return (
    <Result
      status="404"
      title="404"
      subTitle={t('error.notFound')}
      extra={
        <Link to="/">
          <Button type="primary">{t('error.backHome')}</Button>
        </Link>
      }
    />
  );
}

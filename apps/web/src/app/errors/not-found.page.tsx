import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useDocumentTitle } from '../layout/document-title.ts';
import { PlainResult } from './plain-result.tsx';

/** Any path no route claims (document 1 §2.1); reachable signed out too. Plain markup: see PlainResult. */
export default function NotFoundPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  useDocumentTitle(t('error.notFoundTitle'));
  return (
    <PlainResult
      title="404"
      subTitle={t('error.notFound')}
      extra={
        <button type="button" className="fd-button fd-button-primary" onClick={() => navigate('/')}>
          {t('error.backHome')}
        </button>
      }
    />
  );
}

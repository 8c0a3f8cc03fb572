import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isRouteErrorResponse, useRouteError } from 'react-router';
import { claimChunkReload, isChunkLoadError } from './chunk-reload.ts';
import NotFoundPage from './not-found.page.tsx';
import { PlainResult } from './plain-result.tsx';

/**
 * errorElement of every route: a failed chunk reloads once, a 404 response is the not-found page. Plain markup
 * (PlainResult): it must show when antd's own chunk is the one that failed.
 */
export function RouteErrorPage() {
  const { t } = useTranslation();
  const error = useRouteError();
  const chunkFailed = isChunkLoadError(error);
  const [reloading] = useState(() => chunkFailed && claimChunkReload(sessionStorage));

  useEffect(() => {
    if (!reloading) return;
    // A moment to read the message; then the fresh index.html references the new chunks.
    const timer = setTimeout(() => window.location.reload(), 1000);
    return () => clearTimeout(timer);
  }, [reloading]);

  useEffect(() => {
    if (!chunkFailed) console.error(error);
  }, [chunkFailed, error]);

  if (isRouteErrorResponse(error) && error.status === 404) return <NotFoundPage />;
  if (reloading)
    return (
      <PlainResult
        icon={<span className="fd-spinner fd-spinner-large" aria-hidden="true" />}
        title={t('error.chunkReload')}
      />
    );
  return <PlainResult icon="error" title={t('error.route')} subTitle={t('error.routeHint')} />;
}

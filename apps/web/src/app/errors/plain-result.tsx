import type { ReactNode } from 'react';
import '../plain-ui.css';

/** The mark of a failure: a red circle with a cross, as antd's Result draws it. */
function ErrorIcon() {
  return (
    <svg width="72" height="72" viewBox="0 0 72 72" aria-hidden="true" focusable="false">
      <circle cx="36" cy="36" r="36" fill="#cf1322" />
      <path d="M25 25l22 22M47 25L25 47" stroke="#fff" strokeWidth="6" strokeLinecap="round" />
    </svg>
  );
}

/**
 * A whole-page message without antd (issue 27): the error pages live in the main chunk, which the login page loads,
 * and must render when a chunk (antd's among them) failed to download.
 */
export function PlainResult({
  icon,
  title,
  subTitle,
  extra,
}: {
  icon?: 'error' | ReactNode;
  title: ReactNode;
  subTitle?: ReactNode;
  extra?: ReactNode;
}) {
  return (
    <div className="fd-plain fd-result">
      {icon && <div className="fd-result-icon">{icon === 'error' ? <ErrorIcon /> : icon}</div>}
      <div className="fd-result-title">{title}</div>
      {subTitle && <p className="fd-result-subtitle">{subTitle}</p>}
      {extra && <div className="fd-result-extra">{extra}</div>}
    </div>
  );
}

import type { ReactNode } from 'react';
import { Icon, type IconName } from './plain-icons.tsx';

/**
 * What a required field's input tells assistive technology: required, invalid while it has an error, and described
 * by that error and its hint (the ids Field gives them).
 */
export function requiredFieldAria(id: string, error: string | undefined, hint: boolean) {
  const ids = [error ? `${id}-error` : null, hint ? `${id}-hint` : null].filter(Boolean);
  return {
    'aria-required': true,
    'aria-invalid': Boolean(error),
    'aria-describedby': ids.length ? ids.join(' ') : undefined,
  } as const;
}

/**
 * A labelled form field of the login page, laid out as antd's vertical form item: label, control, its error, its
 * hint. The control is the caller's, so it sets its own aria-invalid and aria-describedby (requiredFieldAria above).
 */
export function Field({
  id,
  label,
  required = false,
  error,
  hint,
  children,
}: {
  id: string;
  label: ReactNode;
  required?: boolean;
  error?: string;
  hint?: ReactNode;
  children: ReactNode;
}) {
  return (
    <div className={`fd-field${error ? ' fd-field-invalid' : ''}`}>
      <label className="fd-label" htmlFor={id}>
        {required && (
          <span className="fd-required" aria-hidden="true">
            *
          </span>
        )}
        {label}
      </label>
      {children}
      {error && (
        <div className="fd-field-error" id={`${id}-error`}>
          {error}
        </div>
      )}
      {hint && (
        <div className="fd-hint" id={`${id}-hint`}>
          {hint}
        </div>
      )}
    </div>
  );
}

/** A text input with an icon inside its left edge (antd's prefix); `after` sits inside its right edge. */
export function IconInput({
  icon,
  after,
  ...input
}: React.InputHTMLAttributes<HTMLInputElement> & { icon: IconName; after?: ReactNode }) {
  return (
    <span className={`fd-input${after ? ' fd-input-with-after' : ''}`}>
      <span className="fd-input-prefix">
        <Icon name={icon} />
      </span>
      <input {...input} />
      {after}
    </span>
  );
}

/** A message box: the server's refusal (an alert) or a confirmation (a status). */
export function Notice({ type, children }: { type: 'error' | 'success'; children: ReactNode }) {
  return (
    <div className={`fd-notice fd-notice-${type}`} role={type === 'error' ? 'alert' : 'status'}>
      <Icon name={type === 'error' ? 'CloseCircle' : 'CheckCircle'} />
      <span>{children}</span>
    </div>
  );
}

import { App } from 'antd';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useBlocker } from 'react-router';

/**
 * "Leaving edit pages unsaved asks for confirmation" (document 2 §4), for an inline row being edited:
 * in-app navigation asks, a tab close or reload gets the browser's own prompt.
 */
export function useLeaveGuard(active: boolean) {
  const { t } = useTranslation();
  const { modal } = App.useApp();
  const activeRef = useRef(active);
  activeRef.current = active;

  const blocker = useBlocker(
    ({ currentLocation, nextLocation }) =>
      activeRef.current &&
      (currentLocation.pathname !== nextLocation.pathname || currentLocation.search !== nextLocation.search),
  );
  useEffect(() => {
    if (blocker.state !== 'blocked') return;
    modal.confirm({
      title: t('form.leaveConfirm'),
      okText: t('form.leave'),
      cancelText: t('form.stay'),
      onOk: () => blocker.proceed(),
      onCancel: () => blocker.reset(),
    });
  }, [blocker, modal, t]);

  useEffect(() => {
    if (!active) return;
    const warn = (event: BeforeUnloadEvent) => event.preventDefault();
    window.addEventListener('beforeunload', warn);
    return () => window.removeEventListener('beforeunload', warn);
  }, [active]);
}

/** Closing a drawer with unsaved changes asks first; `close` runs when nothing is lost or the user agrees. */
export function useGuardedClose(dirty: boolean, close: () => void) {
  const { t } = useTranslation();
  const { modal } = App.useApp();
  return () => {
    if (!dirty) {
      close();
      return;
    }
    modal.confirm({
      title: t('form.leaveConfirm'),
      okText: t('form.leave'),
      cancelText: t('form.stay'),
      onOk: close,
    });
  };
}

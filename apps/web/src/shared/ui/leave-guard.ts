import { App } from 'antd';
import { type RefObject, useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useBlocker } from 'react-router';

/**
 * "Are you sure you want to leave without saving?" (document 2 §8): while `active`, in-app navigation asks
 * and a tab close or reload gets the browser's own prompt. A form that navigates right after saving passes
 * `sharedRef`, cleared in the same tick as the save, so its own navigation is not blocked.
 */
export function useLeaveGuard(active: boolean, sharedRef?: RefObject<boolean>) {
  const { t } = useTranslation();
  const { modal } = App.useApp();
  const ownRef = useRef(active);
  ownRef.current = active;
  const activeRef = sharedRef ?? ownRef;

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

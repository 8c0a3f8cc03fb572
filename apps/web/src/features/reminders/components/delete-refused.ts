import type { App } from 'antd';
import { isApiError } from '../../../shared/http.ts';

type Modal = ReturnType<typeof App.useApp>['modal'];

/** A delete refused because something still uses the object (409 …InUse) is explained in a dialog, not a toast. */
export function explainInUse(modal: Modal, title: string, error: unknown): void {
  if (isApiError(error) && error.status === 409) modal.warning({ title, content: error.message });
}

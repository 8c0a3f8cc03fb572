import type { SubscriptionOrder } from '@fleetdesk/contracts';
import { Alert } from 'antd';
import { useState } from 'react';
import { isApiError } from '../../../shared/http.ts';
import { translateValidationMessage } from '../../../shared/ui/form-errors.ts';
import { useResetOnOpen } from '../../orders/components/reset-on-open.ts';

/** What each dialog of the order detail takes; which one is open lives in the URL. */
export interface OrderDialogProps {
  order: SubscriptionOrder;
  open: boolean;
  onClose: () => void;
}

/**
 * A dialog's refusal, shown above its fields in the interface language: a 4xx answer is the dialog's to show (the
 * http layer notified the others). Each opening starts clean and runs `onOpen` (the form's own reset).
 */
export function useDialogRefusal(open: boolean, onOpen: () => void = () => undefined) {
  const [problem, setProblem] = useState<string | null>(null);
  useResetOnOpen(open, () => {
    setProblem(null);
    onOpen();
  });
  return {
    alert: problem && <Alert type="error" showIcon role="alert" title={problem} style={{ marginBottom: 16 }} />,
    clear: () => setProblem(null),
    /** Shows a text already in the interface language. */
    showText: (text: string) => setProblem(text),
    /** Shows the refusal (`message` picks a better text out of it, e.g. a field's); false when it is not one. */
    show: (error: unknown, message: (text: string) => string = (text) => text): boolean => {
      if (!isApiError(error) || error.status === 0 || error.status >= 500) return false;
      setProblem(translateValidationMessage(message(error.message)));
      return true;
    },
  };
}

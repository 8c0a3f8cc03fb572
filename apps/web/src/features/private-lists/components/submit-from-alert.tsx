import { Form } from 'antd';
import type { ReactNode } from 'react';

/** Gives a child of FormPage the way to submit the surrounding form (validation and dirty guard included). */
export function SubmitFromAlert({ render }: { render: (submit: () => void) => ReactNode }) {
  const form = Form.useFormInstance();
  return <>{render(() => form.submit())}</>;
}

import { App, Button, type ButtonProps, Popconfirm } from 'antd';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';

export interface ConfirmButtonProps extends Omit<ButtonProps, 'onClick' | 'title'> {
  /** The question, e.g. "Delete partner Acme?". */
  title: ReactNode;
  description?: ReactNode;
  /** Runs after the user confirms; a returned promise keeps the confirm button spinning until it settles. */
  onConfirm: () => unknown;
  okText?: string;
  /** popconfirm (default) for row actions; modal when the question needs room or the button sits in a menu. */
  mode?: 'popconfirm' | 'modal';
}

/**
 * Every delete and every add confirms first (document 1 §5). The failure itself is reported by the caller's
 * mutation (http notification or a modal), so a rejected promise is swallowed here.
 */
export function ConfirmButton({
  title,
  description,
  onConfirm,
  okText,
  mode = 'popconfirm',
  danger,
  children,
  ...button
}: ConfirmButtonProps) {
  const { t } = useTranslation();
  const { modal } = App.useApp();
  const [running, setRunning] = useState(false);

  const run = async () => {
    setRunning(true);
    try {
      await onConfirm();
    } catch {
      // Reported by the caller; the dialog just closes.
    } finally {
      setRunning(false);
    }
  };

  if (mode === 'modal') {
    return (
      <Button
        {...button}
        danger={danger}
        loading={running}
        onClick={() =>
          modal.confirm({
            title,
            content: description,
            okText: okText ?? t('action.confirm'),
            cancelText: t('action.cancel'),
            okButtonProps: { danger },
            onOk: run,
          })
        }
      >
        {children}
      </Button>
    );
  }
  return (
    <Popconfirm
      title={title}
      description={description}
      okText={okText ?? t('action.confirm')}
      cancelText={t('action.cancel')}
      okButtonProps={{ danger }}
      onConfirm={run}
    >
      <Button {...button} danger={danger} loading={running}>
        {children}
      </Button>
    </Popconfirm>
  );
}

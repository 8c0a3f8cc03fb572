import { App, Button, type ButtonProps, Popconfirm } from 'antd';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';

export interface ConfirmButtonProps extends Omit<ButtonProps, 'onClick' | 'title'> {
  /** The question, e.g. "Delete partner Acme?". */
  title: ReactNode;
  description?: ReactNode;
  /**
   * Modal mode only: loads the description when the button is pressed (e.g. the staff a role delete affects),
   * so a list of rows does not fetch it for every row up front.
   */
  loadDescription?: () => Promise<ReactNode>;
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
  loadDescription,
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
    const open = async () => {
      let content = description;
      if (loadDescription) {
        setRunning(true);
        try {
          content = await loadDescription();
        } catch {
          // The http layer notified; without the description there is nothing safe to confirm.
          return;
        } finally {
          setRunning(false);
        }
      }
      modal.confirm({
        title,
        content,
        okText: okText ?? t('action.confirm'),
        cancelText: t('action.cancel'),
        okButtonProps: { danger },
        onOk: run,
      });
    };
    return (
      <Button {...button} danger={danger} loading={running} onClick={open}>
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

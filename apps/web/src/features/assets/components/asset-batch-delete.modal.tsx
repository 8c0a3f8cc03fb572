import { Alert, App, Modal, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isApiError } from '../../../shared/http.ts';
import { useBatchDeleteAssets } from '../api.ts';
import { type RowProblem, RowProblemList, rowProblems } from './asset-batch.problems.tsx';

/**
 * Confirms the delete of the selected assets (how many, which) and runs one `$batchDelete`: all or nothing,
 * so a refused row (renting out, dispatching) is listed and nothing is deleted.
 */
export function AssetBatchDeleteModal({
  nos,
  open,
  onClose,
  onDeleted,
}: {
  nos: string[];
  open: boolean;
  onClose: () => void;
  onDeleted: () => void;
}) {
  const { t } = useTranslation('assets');
  const { message } = App.useApp();
  const remove = useBatchDeleteAssets();
  const [problems, setProblems] = useState<RowProblem[]>([]);
  const [failure, setFailure] = useState<string | null>(null);

  const close = () => {
    setProblems([]);
    setFailure(null);
    onClose();
  };

  const confirm = async () => {
    setProblems([]);
    setFailure(null);
    try {
      await remove.mutateAsync(nos);
      void message.success(t('batch.deleted', { count: nos.length }));
      onDeleted();
      close();
    } catch (error) {
      if (!isApiError(error)) throw error;
      const fields = error.fieldErrors ?? (error.data as { fields?: Record<string, string> } | null)?.fields;
      if (fields) setProblems(rowProblems(fields, 'nos', nos, (f) => f));
      else setFailure(error.message);
    }
  };

  return (
    <Modal
      open={open}
      title={t('batch.deleteConfirm', { count: nos.length })}
      okText={t('action.delete')}
      okButtonProps={{ danger: true }}
      cancelText={t('action.cancel')}
      confirmLoading={remove.isPending}
      onOk={confirm}
      onCancel={close}
    >
      <Typography.Paragraph>{t('batch.deleteHint')}</Typography.Paragraph>
      <Typography.Paragraph type="secondary" style={{ maxHeight: 120, overflow: 'auto' }}>
        {nos.join(', ')}
      </Typography.Paragraph>
      {failure && <Alert type="error" showIcon title={failure} style={{ marginBottom: 12 }} />}
      <RowProblemList problems={problems} />
    </Modal>
  );
}

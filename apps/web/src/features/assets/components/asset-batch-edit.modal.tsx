import {
  ASSET_LIFE_CYCLE_TRANSITIONS,
  ASSET_NOTE_MAX,
  type Asset,
  type AssetLifeCycleState,
  type AssetPatch,
  assetBatchUpdateInput,
  assetLifeCycleStates,
  assetUsageModes,
} from '@fleetdesk/contracts';
import { Alert, App, Form, Input, Modal, Select, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isApiError } from '../../../shared/http.ts';
import { useBatchUpdateAssets, useSiteOptions } from '../api.ts';
import { type RowProblem, RowProblemList, rowProblems } from './asset-batch.problems.tsx';
import { lifeCycleChoices } from './asset-edit.drawer.tsx';
import { translateAssetMessage } from './asset-messages.ts';
import { LifeCycleTag } from './life-cycle-tag.tsx';

/** "No site" in the site select: clearing the site is a change, leaving the select empty is not. */
const NO_SITE = '__none__';

type Values = {
  siteId?: string;
  usageMode?: AssetPatch['usageMode'];
  lifeCycleState?: AssetLifeCycleState;
  note?: string;
};

/** The lifecycle states every selected asset may be set to (already being there counts). */
export function commonLifeCycleTargets(
  assets: readonly Pick<Asset, 'lifeCycleState' | 'category'>[],
): AssetLifeCycleState[] {
  return assetLifeCycleStates.filter(
    (target) =>
      assets.length > 0 &&
      assets.some(
        (a) => a.lifeCycleState !== target && ASSET_LIFE_CYCLE_TRANSITIONS[a.lifeCycleState].includes(target),
      ) &&
      assets.every((a) => lifeCycleChoices(a).includes(target)),
  );
}

/**
 * Sets site, usage mode, lifecycle and note of every selected asset in one `$batchUpdate` (all or nothing);
 * a refusal is listed against the asset numbers it concerns.
 */
export function AssetBatchEditModal({
  assets,
  open,
  onClose,
}: {
  assets: Asset[];
  open: boolean;
  onClose: () => void;
}) {
  const { t } = useTranslation('assets');
  const { message } = App.useApp();
  const [form] = Form.useForm<Values>();
  const update = useBatchUpdateAssets();
  const sites = useSiteOptions();
  const [problems, setProblems] = useState<RowProblem[]>([]);
  const [formError, setFormError] = useState<string | null>(null);
  const partnerIds = new Set(assets.map((a) => a.partner.id));
  const targets = commonLifeCycleTargets(assets);

  const submit = async (values: Values) => {
    setProblems([]);
    setFormError(null);
    const change: AssetPatch = {};
    if (values.siteId) change.siteId = values.siteId === NO_SITE ? null : values.siteId;
    if (values.usageMode) change.usageMode = values.usageMode;
    if (values.lifeCycleState) change.lifeCycleState = values.lifeCycleState;
    if (values.note?.trim()) change.note = values.note.trim();
    if (Object.keys(change).length === 0) {
      setFormError(t('batch.nothingToChange'));
      return;
    }
    const body = { assets: assets.map((a) => ({ no: a.no, ...change })) };
    const parsed = assetBatchUpdateInput.safeParse(body);
    if (!parsed.success) {
      setFormError(translateAssetMessage(parsed.error.issues[0]?.message ?? ''));
      return;
    }
    try {
      await update.mutateAsync(parsed.data);
      void message.success(t('batch.edited', { count: assets.length }));
      form.resetFields();
      onClose();
    } catch (error) {
      if (!isApiError(error)) throw error;
      const fields = error.fieldErrors;
      if (fields)
        setProblems(
          rowProblems(
            fields,
            'assets',
            assets.map((a) => a.no),
            (f) => t(`field.${f}`, { defaultValue: f }),
          ),
        );
      else setFormError(error.message);
    }
  };

  return (
    <Modal
      open={open}
      title={t('batch.editTitle', { count: assets.length })}
      okText={t('action.save')}
      cancelText={t('action.cancel')}
      confirmLoading={update.isPending}
      onOk={() => form.submit()}
      onCancel={onClose}
      destroyOnHidden
      width={560}
    >
      <Typography.Paragraph type="secondary">{t('batch.editHint')}</Typography.Paragraph>
      {formError && <Alert type="error" showIcon title={formError} style={{ marginBottom: 12 }} />}
      <RowProblemList problems={problems} />
      <Form<Values> form={form} layout="vertical" onFinish={submit} preserve={false}>
        <Form.Item name="siteId" label={t('field.site')}>
          <Select
            allowClear
            showSearch={{ optionFilterProp: 'label' }}
            placeholder={t('batch.unchanged')}
            options={[
              { value: NO_SITE, label: t('batch.noSite') },
              ...(sites.data ?? [])
                .filter((s) => partnerIds.has(s.partnerId))
                .map((s) => ({ value: s.id, label: s.name })),
            ]}
          />
        </Form.Item>
        <Form.Item name="usageMode" label={t('field.usageMode')}>
          <Select
            allowClear
            placeholder={t('batch.unchanged')}
            options={assetUsageModes.map((m) => ({ value: m, label: t(`usageMode.${m}`) }))}
          />
        </Form.Item>
        <Form.Item name="lifeCycleState" label={t('field.lifeCycleState')} extra={t('batch.lifeCycleHint')}>
          <Select
            allowClear
            placeholder={t('batch.unchanged')}
            notFoundContent={t('batch.noCommonMove')}
            options={targets.map((s) => ({ value: s, label: <LifeCycleTag state={s} />, title: t(`lifeCycle.${s}`) }))}
          />
        </Form.Item>
        <Form.Item name="note" label={t('field.note')}>
          <Input.TextArea rows={2} maxLength={ASSET_NOTE_MAX} placeholder={t('batch.unchanged')} />
        </Form.Item>
      </Form>
    </Modal>
  );
}

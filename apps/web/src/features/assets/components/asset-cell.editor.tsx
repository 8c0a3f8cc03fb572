import { CheckOutlined, CloseOutlined, EditOutlined } from '@ant-design/icons';
import { ASSET_NOTE_MAX, type Asset, type AssetPatch, assetUsageModes } from '@fleetdesk/contracts';
import { Button, Flex, Input, Select, Typography } from 'antd';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isApiError } from '../../../shared/http.ts';
import { usePatchAssetCell, useSiteOptions } from '../api.ts';
import { lifeCycleChoices } from './asset-edit.drawer.tsx';
import { translateAssetMessage } from './asset-messages.ts';
import { LifeCycleTag } from './life-cycle-tag.tsx';

export type EditableAssetField = 'note' | 'siteId' | 'usageMode' | 'lifeCycleState';

/** The message of a refused cell edit: the field's own message when the server names it. */
function refusal(error: unknown, field: EditableAssetField): string {
  if (!isApiError(error)) return String(error);
  const fields = error.fieldErrors;
  const message = fields?.[field] ?? (fields ? Object.values(fields)[0] : undefined) ?? error.message;
  return translateAssetMessage(message);
}

/**
 * One editable cell of the asset table (note, site, usage mode, lifecycle): the value with a pencil; the
 * editor saves one field with a PATCH and keeps the refusal on the cell. Lifecycle offers only the moves the
 * contract allows from the current state.
 */
export function AssetCell({
  asset,
  field,
  canEdit,
  children,
}: {
  asset: Asset;
  field: EditableAssetField;
  canEdit: boolean;
  children: ReactNode;
}) {
  const { t } = useTranslation('assets');
  const [editing, setEditing] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const patch = usePatchAssetCell();
  const label = t(`field.${field}`);

  const save = async (body: AssetPatch) => {
    setError(null);
    try {
      await patch.mutateAsync({ no: asset.no, categoryId: asset.category.id, body });
      setEditing(false);
    } catch (e) {
      setError(refusal(e, field));
    }
  };
  const cancel = () => {
    setEditing(false);
    setError(null);
  };

  if (!editing)
    return (
      <Flex align="center" gap={4} className="asset-cell">
        <span>{children}</span>
        {canEdit && (
          <Button
            size="small"
            type="text"
            icon={<EditOutlined />}
            aria-label={t('list.editCell', { field: label, no: asset.no })}
            onClick={() => setEditing(true)}
          />
        )}
      </Flex>
    );

  return (
    <Flex vertical gap={2} style={{ minWidth: field === 'note' ? 220 : 160 }}>
      <CellEditor
        asset={asset}
        field={field}
        label={label}
        saving={patch.isPending}
        error={Boolean(error)}
        onSave={save}
        onCancel={cancel}
      />
      {error && (
        <Typography.Text type="danger" role="alert" style={{ fontSize: 12, maxWidth: 260 }}>
          {error}
        </Typography.Text>
      )}
    </Flex>
  );
}

function CellEditor({
  asset,
  field,
  label,
  saving,
  error,
  onSave,
  onCancel,
}: {
  asset: Asset;
  field: EditableAssetField;
  label: string;
  saving: boolean;
  error: boolean;
  onSave: (body: AssetPatch) => unknown;
  onCancel: () => void;
}) {
  const { t } = useTranslation('assets');
  const sites = useSiteOptions();
  const [note, setNote] = useState(asset.note ?? '');
  const status: 'error' | undefined = error ? 'error' : undefined;
  const cancelOnEscape = (event: React.KeyboardEvent) => {
    if (event.key === 'Escape') onCancel();
  };
  const common = {
    size: 'small' as const,
    autoFocus: true,
    defaultOpen: true,
    status,
    loading: saving,
    disabled: saving,
    'aria-label': label,
    onKeyDown: cancelOnEscape,
    style: { minWidth: 160 },
  };

  const select = (() => {
    switch (field) {
      case 'siteId':
        return (
          <Select<string | null>
            {...common}
            allowClear
            showSearch={{ optionFilterProp: 'label' }}
            placeholder={t('placeholder.site')}
            defaultValue={asset.site?.id}
            options={(sites.data ?? [])
              .filter((s) => s.partnerId === asset.partner.id)
              .map((s) => ({ value: s.id, label: s.name }))}
            onChange={(siteId) => onSave({ siteId: siteId ?? null })}
          />
        );
      case 'usageMode':
        return (
          <Select
            {...common}
            defaultValue={asset.usageMode}
            options={assetUsageModes.map((m) => ({ value: m, label: t(`usageMode.${m}`) }))}
            onChange={(usageMode) => onSave({ usageMode })}
          />
        );
      case 'lifeCycleState':
        return (
          <Select
            {...common}
            defaultValue={asset.lifeCycleState}
            options={lifeCycleChoices(asset).map((s) => ({
              value: s,
              label: <LifeCycleTag state={s} />,
              title: t(`lifeCycle.${s}`),
            }))}
            onChange={(lifeCycleState) => lifeCycleState !== asset.lifeCycleState && onSave({ lifeCycleState })}
          />
        );
      default:
        return null;
    }
  })();

  return (
    <Flex gap={4} align="center">
      {field === 'note' ? (
        <Input
          size="small"
          autoFocus
          status={status}
          disabled={saving}
          maxLength={ASSET_NOTE_MAX}
          aria-label={label}
          value={note}
          onChange={(e) => setNote(e.target.value)}
          onKeyDown={(e) => {
            if (e.key === 'Enter') onSave({ note: note.trim() ? note.trim() : null });
            cancelOnEscape(e);
          }}
        />
      ) : (
        select
      )}
      {field === 'note' && (
        <Button
          size="small"
          type="text"
          icon={<CheckOutlined />}
          loading={saving}
          aria-label={t('action.save')}
          onClick={() => onSave({ note: note.trim() ? note.trim() : null })}
        />
      )}
      <Button size="small" type="text" icon={<CloseOutlined />} aria-label={t('action.cancel')} onClick={onCancel} />
    </Flex>
  );
}

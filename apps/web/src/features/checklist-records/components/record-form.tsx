import { CheckCircleOutlined, SaveOutlined } from '@ant-design/icons';
import {
  type ChecklistRecord,
  checklistRecordEndpoints,
  RECORD_OPTION_QUANTITY_MAX,
  type SubmitDraftBody,
} from '@fleetdesk/contracts';
import {
  Alert,
  Button,
  Card,
  Checkbox,
  Empty,
  Flex,
  Form,
  Input,
  InputNumber,
  Radio,
  Select,
  Spin,
  Tag,
  Typography,
} from 'antd';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isApiError } from '../../../shared/http.ts';
import { requirementOf, useCan } from '../../../shared/permissions.ts';
import { ConfirmButton } from '../../../shared/ui/confirm-button.tsx';
import { translateValidationMessage } from '../../../shared/ui/form-errors.ts';
import { useLeaveGuard } from '../../../shared/ui/leave-guard.ts';
import { usePriceLabels } from '../../pricing/components/price-labels.ts';
import { useChecklist, useChecklistOptions, useFinalizeRecord, useRecordAttachments, useSubmitDraft } from '../api.ts';
import { AttachmentGallery } from './attachment-gallery.tsx';
import { AttachmentUpload } from './attachment-upload.tsx';
import {
  chooseSingle,
  emptyFormState,
  type FormGroup,
  type FormOption,
  type FormProblems,
  type FormWorkItem,
  fieldsOfErrorData,
  formProblems,
  formStateOfRecord,
  groupsOfChecklist,
  groupsOfRecord,
  hasProblems,
  isItemRequired,
  itemKey,
  type RecordFormState,
  resultOf,
  type ServerProblemTarget,
  setNote,
  setQuantity,
  submitDraftBodyOf,
  targetOfServerProblem,
  toggleOption,
} from './record-form.model.ts';
import { RecordGroups } from './record-groups.tsx';

/** Controls a mechanic taps with a finger on the workshop tablet: at least 44 px high. */
const TOUCH = 44;

/** The ticket a record is worked on: its asset (number, category) and the asset's partner. */
export interface RecordFormTicket {
  id: string;
  asset: { no: string };
  category: { id: string };
  assetPartnerId: string;
  /** The ticket's currency, for option prices before the record (which carries its own) is saved. */
  currency?: string;
  /** A B2B (subscription) ticket submits its drafts by the B2B call; B2C when absent. */
  kind?: 'b2c' | 'b2b';
}

export interface ChecklistRecordFormProps {
  ticket: RecordFormTicket;
  /** A record of the ticket: a draft (New) opens for editing, a finalized one (Finish) is shown read-only. */
  record?: ChecklistRecord;
  /** After a draft is saved and after it is finalized, with the record as the server now has it. */
  onSaved?: (record: ChecklistRecord) => void;
}

/** Server refusals placed where they belong on the form (document 2 §8 record draft codes). */
interface ServerProblems {
  items: Record<string, string>;
  groups: Record<string, string>;
  fields: Partial<Record<'comment' | 'durationMinutes' | 'checklistId', string>>;
  form: string[];
}
const noServerProblems: ServerProblems = { items: {}, groups: {}, fields: {}, form: [] };

function placeServerProblem(problems: ServerProblems, target: ServerProblemTarget, message: string): ServerProblems {
  if (target.kind === 'item') return { ...problems, items: { ...problems.items, [target.key]: message } };
  if (target.kind === 'group') return { ...problems, groups: { ...problems.groups, [target.groupId]: message } };
  if (target.kind === 'field') return { ...problems, fields: { ...problems.fields, [target.field]: message } };
  return { ...problems, form: [...problems.form, message] };
}

/**
 * The mechanic's checklist record on a service ticket (document 1 §2.5, issue 22 "Checklist records"): pick a
 * checklist of the asset's category, choose options per work item (one for single-result items, any number with a
 * quantity for multiple-result ones), notes, comment and duration; save the draft (`$submitDraft`, refusals shown
 * on the group or item they concern), then add photos and videos from the tablet camera to the record or to one
 * work item, and finalize once with a confirmation. A finalized record is shown read-only.
 */
export function ChecklistRecordForm({ ticket, record, onSaved }: ChecklistRecordFormProps) {
  const [saved, setSaved] = useState<ChecklistRecord | undefined>(record);
  // A record given later (the ticket's list refetched) or another record replaces what the form holds.
  const [given, setGiven] = useState(record);
  if (record !== given) {
    setGiven(record);
    if (record) setSaved(record);
  }
  const store = (next: ChecklistRecord) => {
    setSaved(next);
    onSaved?.(next);
  };
  if (saved?.status === 'Finish') return <FinalizedRecord record={saved} />;
  return <DraftForm key={saved?.id ?? 'new'} ticket={ticket} saved={saved} onStored={store} />;
}

function DraftForm({
  ticket,
  saved,
  onStored,
}: {
  ticket: RecordFormTicket;
  saved: ChecklistRecord | undefined;
  onStored: (record: ChecklistRecord) => void;
}) {
  const { t } = useTranslation('checklist-records');
  const [state, setState] = useState<RecordFormState>(() => (saved ? formStateOfRecord(saved) : emptyFormState()));
  const [showProblems, setShowProblems] = useState(false);
  const [server, setServer] = useState<ServerProblems>(noServerProblems);
  const [savedBody, setSavedBody] = useState<string | null>(null);

  const checklists = useChecklistOptions(ticket.category.id);
  const checklist = useChecklist(state.checklistId);
  // The live checklist is what the server checks the draft against; the draft's own copy when it cannot be read.
  const groups: FormGroup[] = useMemo(() => {
    if (checklist.data) return groupsOfChecklist(checklist.data);
    if (saved && saved.checklist.id === state.checklistId) return groupsOfRecord(saved);
    return [];
  }, [checklist.data, saved, state.checklistId]);

  const submit = useSubmitDraft(ticket.id, ticket.kind);
  const problems = formProblems(groups, state);
  const body = submitDraftBodyOf(groups, state, saved?.id);
  const bodyJson = JSON.stringify(body);
  const savedJson =
    savedBody ?? (saved ? JSON.stringify(submitDraftBodyOf(groups, formStateOfRecord(saved), saved.id)) : null);
  const dirty =
    savedJson === null ? Object.keys(state.results).length > 0 || state.checklistId !== null : bodyJson !== savedJson;
  useLeaveGuard(dirty);

  const update = (next: RecordFormState) => {
    setState(next);
    setServer(noServerProblems);
  };

  const save = async () => {
    setShowProblems(true);
    if (hasProblems(problems)) return;
    setServer(noServerProblems);
    try {
      const stored = await submit.mutateAsync(body);
      setSavedBody(bodyJson);
      setShowProblems(false);
      onStored(stored);
    } catch (error) {
      if (!isApiError(error) || error.status === 0 || error.status >= 500) return;
      setServer(serverProblemsOf(error, body));
    }
  };

  const currency = saved?.currency ?? ticket.currency;
  const shown: FormProblems = showProblems ? problems : { groups: {}, items: {}, fields: {} };

  return (
    <Flex vertical gap={16} data-testid="record-form">
      <Form layout="vertical" component="div">
        <Form.Item
          label={t('form.checklist')}
          required
          validateStatus={shown.fields.checklistId || server.fields.checklistId ? 'error' : undefined}
          help={
            server.fields.checklistId ?? (shown.fields.checklistId ? t('form.problem.checklistRequired') : undefined)
          }
          style={{ marginBottom: 0 }}
        >
          <Select
            aria-label={t('form.checklist')}
            size="large"
            style={{ width: '100%', maxWidth: 480, minHeight: TOUCH }}
            placeholder={t('form.checklistPlaceholder')}
            loading={checklists.isPending}
            // A saved draft keeps its checklist; a new checklist is a new record.
            disabled={saved !== undefined}
            value={state.checklistId ?? undefined}
            onChange={(checklistId: string) => update(emptyFormState(checklistId))}
            options={(checklists.data ?? []).map((c) => ({ value: c.id, label: c.name }))}
            notFoundContent={checklists.isPending ? <Spin size="small" /> : t('form.noChecklist')}
          />
        </Form.Item>
      </Form>
      {checklists.isError && <Alert type="error" showIcon title={t('form.checklistsFailed')} />}
      {state.checklistId && checklist.isLoading && (
        <Flex justify="center" style={{ padding: 24 }}>
          <Spin />
        </Flex>
      )}
      {state.checklistId && !checklist.isLoading && groups.length === 0 && (
        <Empty description={checklist.isError ? t('form.checklistFailed') : t('groups.none')} />
      )}
      {groups.map((group) => (
        <GroupCard
          key={group.id}
          group={group}
          state={state}
          onChange={update}
          problems={shown}
          serverProblems={server}
          currency={currency}
          recordId={saved?.id}
        />
      ))}
      {groups.length > 0 && (
        <Card size="small">
          <Form layout="vertical" component="div">
            <Form.Item
              label={t('field.comment')}
              validateStatus={server.fields.comment ? 'error' : undefined}
              help={server.fields.comment}
            >
              <Input.TextArea
                aria-label={t('field.comment')}
                autoSize={{ minRows: 2, maxRows: 6 }}
                maxLength={2000}
                value={state.comment}
                onChange={(event) => update({ ...state, comment: event.target.value })}
              />
            </Form.Item>
            <Form.Item
              label={t('form.durationMinutes')}
              required
              validateStatus={shown.fields.durationMinutes || server.fields.durationMinutes ? 'error' : undefined}
              help={
                server.fields.durationMinutes ??
                (shown.fields.durationMinutes ? t(`form.problem.${shown.fields.durationMinutes}`) : undefined)
              }
              style={{ marginBottom: 0 }}
            >
              <InputNumber
                aria-label={t('form.durationMinutes')}
                size="large"
                min={0}
                max={100_000}
                precision={0}
                style={{ width: 200, minHeight: TOUCH }}
                suffix={t('form.minutes')}
                value={state.durationMinutes}
                onChange={(value) => update({ ...state, durationMinutes: value ?? null })}
              />
            </Form.Item>
          </Form>
        </Card>
      )}
      {showProblems && hasProblems(problems) && (
        <Alert type="warning" showIcon title={t('form.problem.incomplete')} data-testid="record-form-problems" />
      )}
      {server.form.length > 0 && (
        <Alert type="error" showIcon title={server.form.join(' ')} data-testid="record-form-refusal" />
      )}
      {groups.length > 0 && (
        <Flex gap={12} wrap justify="flex-end" align="center">
          {saved && !dirty && (
            <Typography.Text type="secondary">
              <CheckCircleOutlined /> {t('form.draftSaved')}
            </Typography.Text>
          )}
          <Button
            type={saved && !dirty ? 'default' : 'primary'}
            size="large"
            icon={<SaveOutlined />}
            loading={submit.isPending}
            onClick={save}
            style={{ minHeight: TOUCH }}
          >
            {saved ? t('form.saveChanges') : t('form.saveDraft')}
          </Button>
          {saved && <FinalizeButton record={saved} ticketId={ticket.id} disabled={dirty} onFinalized={onStored} />}
        </Flex>
      )}
      {saved && <RecordAttachments record={saved} groups={groups} />}
    </Flex>
  );
}

/** A refusal's messages placed on the items, groups and fields they name; the rest on the form as a whole. */
function serverProblemsOf(error: { message: string; data: unknown }, body: SubmitDraftBody): ServerProblems {
  const fields = fieldsOfErrorData(error.data);
  if (!fields)
    return placeServerProblem(noServerProblems, targetOfServerProblem(null, error.data, body), error.message);
  let problems = noServerProblems;
  for (const [path, message] of Object.entries(fields))
    problems = placeServerProblem(
      problems,
      targetOfServerProblem(path, null, body),
      translateValidationMessage(message),
    );
  return problems;
}

function GroupCard({
  group,
  state,
  onChange,
  problems,
  serverProblems,
  currency,
  recordId,
}: {
  group: FormGroup;
  state: RecordFormState;
  onChange: (state: RecordFormState) => void;
  problems: FormProblems;
  serverProblems: ServerProblems;
  currency: string | undefined;
  recordId: string | undefined;
}) {
  const { t } = useTranslation('checklist-records');
  const problem =
    serverProblems.groups[group.id] ??
    (problems.groups[group.id] ? t(`form.problem.${problems.groups[group.id]}`) : null);
  return (
    <Card
      size="small"
      data-testid={`group-${group.id}`}
      title={
        <Flex gap={8} align="center" wrap>
          <span>{group.name}</span>
          {group.isRequired ? <Tag color="red">{t('groups.required')}</Tag> : <Tag>{t('groups.optional')}</Tag>}
          {group.isAllWorkItemsRequired && <Tag color="orange">{t('groups.allItemsRequired')}</Tag>}
        </Flex>
      }
      style={problem ? { borderColor: '#ff4d4f' } : undefined}
    >
      {group.description && (
        <Typography.Paragraph type="secondary" style={{ marginTop: 0 }}>
          {group.description}
        </Typography.Paragraph>
      )}
      {problem && <Alert type="error" showIcon title={problem} style={{ marginBottom: 12 }} />}
      <Flex vertical gap={16}>
        {group.workItems.map((item) => (
          <WorkItemField
            key={item.id}
            group={group}
            item={item}
            required={isItemRequired(group)}
            state={state}
            onChange={onChange}
            problem={
              serverProblems.items[itemKey(group.id, item.id)] ??
              (problems.items[itemKey(group.id, item.id)]
                ? t(`form.problem.${problems.items[itemKey(group.id, item.id)]}`, { max: RECORD_OPTION_QUANTITY_MAX })
                : null)
            }
            currency={currency}
            recordId={recordId}
          />
        ))}
      </Flex>
    </Card>
  );
}

function WorkItemField({
  group,
  item,
  required,
  state,
  onChange,
  problem,
  currency,
  recordId,
}: {
  group: FormGroup;
  item: FormWorkItem;
  required: boolean;
  state: RecordFormState;
  onChange: (state: RecordFormState) => void;
  problem: string | null;
  currency: string | undefined;
  recordId: string | undefined;
}) {
  const { t } = useTranslation('checklist-records');
  const result = resultOf(state, group.id, item.id);
  const chosen = Object.keys(result.options);
  return (
    <Flex
      vertical
      gap={8}
      data-testid={`item-${item.id}`}
      role="group"
      aria-label={item.name}
      style={{ paddingBottom: 12, borderBottom: '1px solid rgba(128,128,128,0.15)' }}
    >
      <Flex gap={8} align="center" wrap>
        <Typography.Text strong>{item.name}</Typography.Text>
        {required && <Typography.Text type="danger">*</Typography.Text>}
        {item.options.length > 0 && (
          <Typography.Text type="secondary" style={{ fontSize: 12 }}>
            {t(`resultMode.${item.resultMode}`)}
          </Typography.Text>
        )}
      </Flex>
      {item.description && <Typography.Text type="secondary">{item.description}</Typography.Text>}
      {item.resultMode === 'single' ? (
        <Radio.Group
          value={chosen[0] ?? null}
          onChange={(event) => onChange(chooseSingle(state, group.id, item.id, event.target.value as string))}
          style={{ width: '100%' }}
        >
          <Flex wrap gap={8}>
            {item.options.map((option) => (
              <OptionTile key={option.id} checked={chosen.includes(option.id)}>
                <Radio value={option.id}>
                  <OptionLabel option={option} currency={currency} />
                </Radio>
              </OptionTile>
            ))}
            {chosen.length > 0 && (
              <Button
                type="link"
                style={{ minHeight: TOUCH }}
                onClick={() => onChange(chooseSingle(state, group.id, item.id, null))}
              >
                {t('form.clearChoice')}
              </Button>
            )}
          </Flex>
        </Radio.Group>
      ) : (
        <Flex wrap gap={8}>
          {item.options.map((option) => {
            const checked = chosen.includes(option.id);
            return (
              <OptionTile key={option.id} checked={checked}>
                <Checkbox
                  checked={checked}
                  onChange={(event) =>
                    onChange(toggleOption(state, group.id, item.id, option.id, event.target.checked))
                  }
                >
                  <OptionLabel option={option} currency={currency} />
                </Checkbox>
                {checked && (
                  <InputNumber
                    aria-label={t('form.quantityOf', { name: option.name })}
                    min={1}
                    max={RECORD_OPTION_QUANTITY_MAX}
                    precision={0}
                    size="large"
                    style={{ width: 88 }}
                    value={result.options[option.id]}
                    onChange={(value) => onChange(setQuantity(state, group.id, item.id, option.id, value ?? 0))}
                  />
                )}
              </OptionTile>
            );
          })}
        </Flex>
      )}
      {item.options.length === 0 && <Typography.Text type="secondary">{t('form.noOptions')}</Typography.Text>}
      <Input
        aria-label={t('form.noteOf', { name: item.name })}
        placeholder={t('form.note')}
        maxLength={1000}
        value={result.note}
        onChange={(event) => onChange(setNote(state, group.id, item.id, event.target.value))}
        style={{ minHeight: TOUCH, maxWidth: 640 }}
      />
      {problem && (
        <Typography.Text type="danger" data-testid="item-problem">
          {problem}
        </Typography.Text>
      )}
      {recordId && (
        <AttachmentUpload
          recordId={recordId}
          workItem={{ groupId: group.id, workItemId: item.id }}
          label={t('attachments.addToItem')}
        />
      )}
    </Flex>
  );
}

/** An option as a large tap target: the whole bordered tile, at least 44 px high. */
function OptionTile({ checked, children }: { checked: boolean; children: React.ReactNode }) {
  return (
    <Flex
      align="center"
      gap={8}
      style={{
        minHeight: TOUCH,
        padding: '4px 12px',
        border: `1px solid ${checked ? '#1677ff' : 'rgba(128,128,128,0.35)'}`,
        borderRadius: 8,
        background: checked ? 'rgba(22,119,255,0.06)' : undefined,
      }}
    >
      {children}
    </Flex>
  );
}

function OptionLabel({ option, currency }: { option: FormOption; currency: string | undefined }) {
  const { t } = useTranslation('checklist-records');
  const price = usePriceLabels();
  const amount =
    option.price === null
      ? t('option.notCharged')
      : currency
        ? price.money(option.price, currency)
        : option.price.toFixed(2);
  return (
    <span style={{ display: 'inline-flex', flexDirection: 'column', lineHeight: 1.3, padding: '6px 0' }}>
      <span>{option.name}</span>
      <Typography.Text type="secondary" style={{ fontSize: 12 }}>
        {t(`optionType.${option.type}`)} · {amount}
      </Typography.Text>
    </span>
  );
}

function FinalizeButton({
  record,
  ticketId,
  disabled,
  onFinalized,
}: {
  record: ChecklistRecord;
  ticketId: string;
  disabled: boolean;
  onFinalized: (record: ChecklistRecord) => void;
}) {
  const { t } = useTranslation('checklist-records');
  const finalize = useFinalizeRecord(record.id, ticketId);
  return (
    <ConfirmButton
      mode="modal"
      type="primary"
      size="large"
      icon={<CheckCircleOutlined />}
      disabled={disabled}
      title={t('finalize.confirm')}
      description={t('finalize.hint')}
      okText={t('finalize.action')}
      style={{ minHeight: TOUCH }}
      onConfirm={async () => onFinalized(await finalize.mutateAsync())}
    >
      {t('finalize.action')}
    </ConfirmButton>
  );
}

/** The saved record's photos and videos, with the record-level camera button. */
function RecordAttachments({
  record,
  groups,
  canUpload = true,
}: {
  record: ChecklistRecord;
  groups: FormGroup[];
  canUpload?: boolean;
}) {
  const { t } = useTranslation('checklist-records');
  const canRead = useCan(requirementOf(checklistRecordEndpoints.attachments));
  const attachments = useRecordAttachments(record.id, canRead);
  const names = Object.fromEntries(groups.flatMap((g) => g.workItems.map((item) => [item.id, item.name])));
  return (
    <Card size="small" title={t('attachments.title')} data-testid="record-attachments">
      <Flex vertical gap={12}>
        {canUpload && <AttachmentUpload recordId={record.id} label={t('attachments.add')} />}
        {canRead &&
          (attachments.isPending ? (
            <Spin />
          ) : (
            <AttachmentGallery recordId={record.id} attachments={attachments.data ?? []} workItemNames={names} />
          ))}
      </Flex>
    </Card>
  );
}

/**
 * A finalized record on the ticket: what was done, no longer editable, and its photos, to which one taken after the
 * work (the bike handed back) can still be added.
 */
function FinalizedRecord({ record }: { record: ChecklistRecord }) {
  const { t } = useTranslation('checklist-records');
  const canUpload = useCan(requirementOf(checklistRecordEndpoints.addAttachment));
  return (
    <Flex vertical gap={12} data-testid="record-finalized">
      <Alert type="success" showIcon title={t('finalize.done')} />
      <RecordGroups record={record} />
      <RecordAttachments record={record} groups={groupsOfRecord(record)} canUpload={canUpload} />
    </Flex>
  );
}

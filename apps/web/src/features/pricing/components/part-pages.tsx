import { type ProgramKey, pricingEndpoints } from '@fleetdesk/contracts';
import { Col, Empty, Flex, Form, Input, Row } from 'antd';
import { type ReactNode, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useParams } from 'react-router';
import type { z } from 'zod';
import { requirementOf, useCan } from '../../../shared/permissions.ts';
import { dateTimeColumn } from '../../../shared/ui/date-time-column.ts';
import { FormPage, type FormSchema } from '../../../shared/ui/form-page.tsx';
import { EditLink, NewButton } from '../../../shared/ui/list-actions.tsx';
import { type ListColumn, ListPage } from '../../../shared/ui/list-page.tsx';
import { useListState } from '../../../shared/ui/list-state.ts';
import { type PartKind, type PartRow, usePart, usePartList } from '../api.ts';
import { partList, pricingUrls } from '../urls.ts';
import { PartDeleteButton } from './part-delete.button.tsx';
import { ProgramFilterItems } from './program-pickers.tsx';

/** Where each part's screens live: the original price and the deposit under Marketing, the rules under settings. */
const screens = {
  pricingPart: {
    listKey: 'originalPrices',
    list: pricingUrls.originalPriceList,
    new: pricingUrls.originalPriceNew,
    edit: pricingUrls.originalPriceEdit,
  },
  depositPart: {
    listKey: 'deposits',
    list: pricingUrls.depositList,
    new: pricingUrls.depositNew,
    edit: pricingUrls.depositEdit,
  },
  rulePart: {
    listKey: 'collectReturnRules',
    list: pricingUrls.ruleList,
    new: pricingUrls.ruleNew,
    edit: pricingUrls.ruleEdit,
  },
} as const;

type Owned = { partner: { id: string; name: string }; assetCategory: { id: string; name: string } };

/**
 * The list of one part kind: partner and category (linking to the edit form for writers), the kind's own
 * columns, times, and edit/delete actions — the same frame for original prices, deposits and rules.
 */
export function PartListPage<K extends PartKind>({ kind, columns }: { kind: K; columns: ListColumn<PartRow[K]>[] }) {
  const { t } = useTranslation('pricing');
  const screen = screens[kind];
  const list = useListState(partList);
  const result = usePartList(kind, list.query);
  const canWrite = useCan(requirementOf(pricingEndpoints[kind].replace));
  const filtered = Boolean(list.filters.partnerId || list.filters.assetCategoryId);
  const editOf = (part: Owned) => screen.edit(part.partner.id, part.assetCategory.id);

  const all: ListColumn<PartRow[K]>[] = [
    {
      key: 'partner',
      title: t('field.partner'),
      alwaysVisible: true,
      render: (_, part) => part.partner.name,
      exportValue: (part) => part.partner.name,
    },
    {
      key: 'category',
      title: t('field.category'),
      alwaysVisible: true,
      render: (_, part) =>
        canWrite ? <Link to={editOf(part)}>{part.assetCategory.name}</Link> : part.assetCategory.name,
      exportValue: (part) => part.assetCategory.name,
    },
    ...columns,
    dateTimeColumn('updatedAt', t('field.updatedAt')),
    dateTimeColumn('createdAt', t('field.createdAt'), { defaultHidden: true }),
  ];
  if (canWrite) {
    all.push({
      key: 'actions',
      title: t('field.actions'),
      alwaysVisible: true,
      noExport: true,
      fixed: 'right',
      render: (_, part) => (
        <Flex gap={4}>
          <EditLink
            to={editOf(part)}
            label={t('action.editNamed', { name: `${part.partner.name} · ${part.assetCategory.name}` })}
          >
            {t('action.edit')}
          </EditLink>
          <PartDeleteButton kind={kind} part={part} size="small" type="link" />
        </Flex>
      ),
    });
  }

  return (
    <ListPage
      listKey={screen.listKey}
      state={list}
      result={result}
      columns={all}
      rowKey={(part) => part.programId}
      emptyText={
        <Empty
          image={Empty.PRESENTED_IMAGE_SIMPLE}
          description={filtered ? t('list.emptyFiltered') : t(`list.empty.${kind}`)}
        />
      }
      filters={<ProgramFilterItems />}
      actions={canWrite && <NewButton to={screen.new(list.filters)}>{t(`action.new.${kind}`)}</NewButton>}
    />
  );
}

/**
 * The edit form of one part kind: partner and category fixed (shown, not editable), the kind's fields as
 * children, delete in the header, back to the kind's list when done.
 */
export function PartEditPage<K extends PartKind, S extends FormSchema>({
  kind,
  schema,
  valuesOf,
  submit,
  alert,
  children,
}: {
  kind: K;
  schema: S;
  valuesOf: (part: PartRow[K]) => Partial<z.input<S>>;
  submit: (key: ProgramKey, values: z.output<S>) => Promise<unknown>;
  /** A refusal the form explains above its fields (the partner setup alert). */
  alert?: ReactNode;
  children: (part: PartRow[K] | undefined) => ReactNode;
}) {
  const { t } = useTranslation('pricing');
  const navigate = useNavigate();
  const screen = screens[kind];
  const { partnerId = '', assetCategoryId = '' } = useParams();
  const key = { partnerId, assetCategoryId };
  const part = usePart(kind, key);
  const initialValues = useMemo(() => part.data && valuesOf(part.data), [part.data, valuesOf]);
  const title = part.data
    ? t(`edit.${kind}`, { partner: part.data.partner.name, category: part.data.assetCategory.name })
    : undefined;

  return (
    <FormPage
      title={title}
      documentTitle={title}
      schema={schema}
      loading={part.isPending}
      loadError={part.error}
      initialValues={initialValues}
      onSubmit={(values) => submit(key, values)}
      onDone={() => navigate(screen.list())}
      onCancel={() => navigate(screen.list())}
      extra={
        part.data && (
          <PartDeleteButton kind={kind} part={part.data} onDeleted={() => navigate(screen.list(), { replace: true })} />
        )
      }
    >
      {alert}
      {part.data && (
        <Row gutter={16}>
          <Col xs={24} md={12}>
            <Form.Item label={t('field.partner')}>
              <Input value={part.data.partner.name} disabled />
            </Form.Item>
          </Col>
          <Col xs={24} md={12}>
            <Form.Item label={t('field.category')}>
              <Input value={part.data.assetCategory.name} disabled />
            </Form.Item>
          </Col>
        </Row>
      )}
      {children(part.data)}
    </FormPage>
  );
}

import { DownOutlined, PlusOutlined } from '@ant-design/icons';
import {
  documentEndpoints,
  type PartnerDocument,
  type PartnerDocumentType,
  partnerDocumentTypes,
} from '@fleetdesk/contracts';
import { Button, Dropdown, Flex, Form, Select } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useNavigate } from 'react-router';
import { requirementOf, useCan } from '../../../shared/permissions.ts';
import { usePartnerOptions } from '../../../shared/reference-data.ts';
import { dateTimeColumn } from '../../../shared/ui/date-time-column.ts';
import { EditLink, NewButton } from '../../../shared/ui/list-actions.tsx';
import { fetchAllPages, type ListColumn, ListPage } from '../../../shared/ui/list-page.tsx';
import { useListState } from '../../../shared/ui/list-state.ts';
import { fetchPartnerDocumentPage, useDeletePartnerDocument, usePartnerDocumentList } from '../api.ts';
import { DocumentDeleteButton, LanguageTags } from '../components/document-parts.tsx';
import { documentUrls, partnerDocumentList, partnerTypeOfPath } from '../urls.ts';

const isPartnerDocumentType = (value: string | undefined): value is PartnerDocumentType =>
  (partnerDocumentTypes as readonly (string | undefined)[]).includes(value);

/**
 * /setting/partner/customer-communication (every type, with a type filter) and
 * /setting/partner/customer-communication/<type>/list (one type): partner documents in the caller's scope,
 * newest first (document 1 §7.2), filtered by partner, paged.
 */
export default function PartnerDocumentListPage() {
  const { t } = useTranslation('documents');
  const navigate = useNavigate();
  const pageType = partnerTypeOfPath(useLocation().pathname);
  const list = useListState(partnerDocumentList);
  const partners = usePartnerOptions();
  const remove = useDeletePartnerDocument();
  const canWrite = useCan(requirementOf(documentEndpoints.partnerSave));
  const canCreate = useCan(requirementOf(documentEndpoints.partnerCreate));

  const filterType = pageType ?? (isPartnerDocumentType(list.filters.type) ? list.filters.type : undefined);
  const query = {
    pageNo: list.pageNo,
    pageSize: list.pageSize,
    sort: list.sort,
    partnerId: list.filters.partnerId,
    type: filterType,
  };
  const result = usePartnerDocumentList(query);

  const columns: ListColumn<PartnerDocument>[] = [
    {
      key: 'partner',
      title: t('column.partner'),
      alwaysVisible: true,
      render: (_, doc) => <Link to={documentUrls.partnerEdit(doc.type, doc.partnerId)}>{doc.partner.name}</Link>,
      exportValue: (doc) => doc.partner.name,
    },
    {
      key: 'type',
      title: t('column.type'),
      render: (_, doc) => t(`type.${doc.type}`),
      exportValue: (doc) => doc.type,
    },
    {
      key: 'languages',
      title: t('column.languages'),
      render: (_, doc) => <LanguageTags content={doc.content} />,
      exportValue: (doc) =>
        Object.keys(doc.content)
          .map((l) => l.toUpperCase())
          .join(' '),
    },
    dateTimeColumn('createdAt', t('column.createdAt')),
    dateTimeColumn('updatedAt', t('column.updatedAt')),
    {
      key: 'actions',
      title: t('column.actions'),
      alwaysVisible: true,
      noExport: true,
      fixed: 'right',
      render: (_, doc) => {
        const name = t('documentOf', { type: t(`type.${doc.type}`), partner: doc.partner.name });
        return (
          <Flex gap={4}>
            <EditLink to={documentUrls.partnerEdit(doc.type, doc.partnerId)} label={t('action.editNamed', { name })}>
              {canWrite ? t('action.edit') : t('action.view')}
            </EditLink>
            {canWrite && (
              <DocumentDeleteButton
                size="small"
                type="link"
                name={name}
                onConfirm={() => remove.mutateAsync({ partnerId: doc.partnerId, type: doc.type })}
              />
            )}
          </Flex>
        );
      },
    },
  ];

  const actions =
    canCreate &&
    (pageType ? (
      <NewButton to={documentUrls.partnerNew(pageType)}>{t('action.newOf', { type: t(`type.${pageType}`) })}</NewButton>
    ) : (
      <Dropdown
        menu={{
          items: partnerDocumentTypes.map((type) => ({ key: type, label: t(`type.${type}`) })),
          onClick: ({ key }) => navigate(documentUrls.partnerNew(key as PartnerDocumentType)),
        }}
      >
        <Button type="primary" icon={<PlusOutlined />}>
          <Flex gap={6} align="center">
            {t('action.new')}
            <DownOutlined />
          </Flex>
        </Button>
      </Dropdown>
    ));

  return (
    <ListPage
      listKey={pageType ? `partnerDocuments.${pageType}` : 'partnerDocuments'}
      state={list}
      result={result}
      columns={columns}
      rowKey={(doc) => `${doc.partnerId}/${doc.type}`}
      emptyText={t('list.empty')}
      actions={actions}
      filters={
        <>
          <Form.Item name="partnerId" label={t('column.partner')}>
            <Select
              allowClear
              showSearch={{ optionFilterProp: 'label' }}
              placeholder={t('filter.allPartners')}
              loading={partners.isPending}
              options={(partners.data ?? []).map((p) => ({ value: p.id, label: p.name }))}
              style={{ minWidth: 220 }}
            />
          </Form.Item>
          {!pageType && (
            <Form.Item name="type" label={t('column.type')}>
              <Select
                allowClear
                placeholder={t('filter.allTypes')}
                options={partnerDocumentTypes.map((type) => ({ value: type, label: t(`type.${type}`) }))}
                style={{ minWidth: 180 }}
              />
            </Form.Item>
          )}
        </>
      }
      exportFileName={t('exportFile')}
      exportRows={() => fetchAllPages((pageNo, pageSize) => fetchPartnerDocumentPage({ ...query, pageNo, pageSize }))}
    />
  );
}

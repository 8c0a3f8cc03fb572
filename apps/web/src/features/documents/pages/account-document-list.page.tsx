import {
  type AccountDocument,
  type AccountDocumentType,
  accountDocumentTypes,
  documentEndpoints,
} from '@fleetdesk/contracts';
import { Alert, Button, Card, Flex, Table, type TableColumnType, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { formatDateTime } from '../../../shared/format.ts';
import { requirementOf, scopeAllows, useCan } from '../../../shared/permissions.ts';
import { useSignedInProfile } from '../../../shared/profile.ts';
import { EditLink } from '../../../shared/ui/list-actions.tsx';
import { PageContainer } from '../../../shared/ui/page-container.tsx';
import { useAccountDocuments, useDeleteAccountDocument } from '../api.ts';
import { DocumentDeleteButton, LanguageTags } from '../components/document-parts.tsx';
import { documentUrls } from '../urls.ts';

interface Row {
  type: AccountDocumentType;
  document: AccountDocument | undefined;
}

/**
 * /setting/general/customer-communication: the account's three documents, always all three rows so a
 * missing one is visible and one click away from being written.
 */
export default function AccountDocumentListPage() {
  const { t } = useTranslation('documents');
  const documents = useAccountDocuments();
  const remove = useDeleteAccountDocument();
  const profile = useSignedInProfile();
  // Account documents reach every partner: only account users (scope "*") may change them.
  const canWrite = useCan(requirementOf(documentEndpoints.accountSave)) && scopeAllows(profile?.partnerScope, '*');

  const rows: Row[] = accountDocumentTypes.map((type) => ({
    type,
    document: documents.data?.data.find((d) => d.type === type),
  }));

  const columns: TableColumnType<Row>[] = [
    {
      key: 'type',
      title: t('column.document'),
      render: (_, row) => <Link to={documentUrls.account(row.type)}>{t(`type.${row.type}`)}</Link>,
    },
    {
      key: 'languages',
      title: t('column.languages'),
      render: (_, row) =>
        row.document ? (
          <LanguageTags content={row.document.content} />
        ) : (
          <Typography.Text type="secondary">{t('status.notWritten')}</Typography.Text>
        ),
    },
    {
      key: 'updatedAt',
      title: t('column.updatedAt'),
      render: (_, row) => (row.document ? formatDateTime(row.document.updatedAt) : '—'),
    },
    {
      key: 'actions',
      title: t('column.actions'),
      width: 220,
      render: (_, row) => (
        <Flex gap={4}>
          <EditLink to={documentUrls.account(row.type)} label={t('action.editNamed', { name: t(`type.${row.type}`) })}>
            {canWrite ? (row.document ? t('action.edit') : t('action.write')) : t('action.view')}
          </EditLink>
          {canWrite && row.document && (
            <DocumentDeleteButton
              size="small"
              type="link"
              name={t(`type.${row.type}`)}
              onConfirm={() => remove.mutateAsync(row.type)}
            />
          )}
        </Flex>
      ),
    },
  ];

  return (
    <PageContainer>
      <Card>
        <Typography.Paragraph type="secondary">{t('account.intro')}</Typography.Paragraph>
        {documents.error ? (
          <Alert
            type="error"
            showIcon
            title={documents.error.message}
            action={<Button onClick={() => documents.refetch()}>{t('action.retry')}</Button>}
          />
        ) : (
          <Table<Row>
            rowKey="type"
            columns={columns}
            dataSource={rows}
            loading={documents.isPending}
            pagination={false}
          />
        )}
      </Card>
    </PageContainer>
  );
}

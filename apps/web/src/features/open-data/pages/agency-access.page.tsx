import { PlusOutlined } from '@ant-design/icons';
import { type AgencyClient, agencyClientEndpoints } from '@fleetdesk/contracts';
import { Button, Flex, Tag, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '../../../shared/format.ts';
import { requirementOf, useCan } from '../../../shared/permissions.ts';
import { ConfirmButton } from '../../../shared/ui/confirm-button.tsx';
import { type ListColumn, ListPage } from '../../../shared/ui/list-page.tsx';
import { useListState } from '../../../shared/ui/list-state.ts';
import { useAgencyClients, useRevokeAgencyClient } from '../api.ts';
import { AgencyClientModal, AgencyTokenModal } from '../components/agency-client.modal.tsx';
import { agencyClientList } from '../urls.ts';

const stateColor = { active: 'green', expired: 'orange', revoked: 'red' } as const;

/**
 * Settings → General → Agency access (issue 25): the cities' clients of the MDS Provider API, their scope,
 * state and last use; a new client's token is shown once, and a client can be revoked (its next call fails).
 */
export default function AgencyAccessPage() {
  const { t } = useTranslation('open-data');
  const list = useListState(agencyClientList);
  const result = useAgencyClients({ pageNo: list.pageNo, pageSize: list.pageSize });
  const canCreate = useCan(requirementOf(agencyClientEndpoints.create));
  const canRevoke = useCan(requirementOf(agencyClientEndpoints.revoke));
  const revoke = useRevokeAgencyClient();
  const [creating, setCreating] = useState(false);
  const [token, setToken] = useState<string | null>(null);

  const partnersOf = (client: AgencyClient) =>
    client.partnerScope === '*' ? t('clients.allPartners') : client.partners.map((p) => p.name).join(', ');

  const columns: ListColumn<AgencyClient>[] = [
    {
      key: 'name',
      title: t('clients.name'),
      alwaysVisible: true,
      render: (_, client) => <Typography.Text strong>{client.name}</Typography.Text>,
      exportValue: (client) => client.name,
    },
    {
      key: 'partners',
      title: t('clients.partners'),
      render: (_, client) =>
        client.partnerScope === '*' ? (
          <Tag color="blue">{t('clients.allPartners')}</Tag>
        ) : (
          <Flex wrap gap={4}>
            {client.partners.map((p) => (
              <Tag key={p.id} style={{ marginInlineEnd: 0 }}>
                {p.name}
              </Tag>
            ))}
          </Flex>
        ),
      exportValue: partnersOf,
    },
    {
      key: 'state',
      title: t('clients.state'),
      render: (_, client) => (
        <Tag color={stateColor[client.state]} data-testid="agency-client-state">
          {t(`state.${client.state}`)}
        </Tag>
      ),
      exportValue: (client) => client.state,
    },
    {
      key: 'expiresAt',
      title: t('clients.expiresAt'),
      render: (_, client) => (client.expiresAt ? formatDateTime(client.expiresAt) : t('clients.never')),
      exportValue: (client) => client.expiresAt ?? '',
    },
    {
      key: 'lastUsedAt',
      title: t('clients.lastUsedAt'),
      render: (_, client) => (client.lastUsedAt ? formatDateTime(client.lastUsedAt) : t('clients.notUsed')),
      exportValue: (client) => client.lastUsedAt ?? '',
    },
    {
      key: 'createdAt',
      title: t('clients.createdAt'),
      render: (_, client) => formatDateTime(client.createdAt),
      exportValue: (client) => client.createdAt,
    },
  ];
  if (canRevoke)
    columns.push({
      key: 'actions',
      title: t('clients.actions'),
      alwaysVisible: true,
      noExport: true,
      render: (_, client) =>
        client.state === 'revoked' ? null : (
          <ConfirmButton
            size="small"
            danger
            title={t('clients.revokeConfirm', { name: client.name })}
            description={t('clients.revokeHint')}
            okText={t('clients.revoke')}
            aria-label={t('clients.revokeNamed', { name: client.name })}
            onConfirm={() => revoke.mutateAsync(client.id)}
          >
            {t('clients.revoke')}
          </ConfirmButton>
        ),
    });

  return (
    <>
      <ListPage
        listKey="agencyClients"
        state={list}
        result={result}
        columns={columns}
        rowKey={(client) => client.id}
        emptyText={t('clients.empty')}
        actions={
          canCreate && (
            <Button type="primary" icon={<PlusOutlined />} onClick={() => setCreating(true)}>
              {t('clients.new')}
            </Button>
          )
        }
      />
      {creating && (
        <AgencyClientModal
          onClose={() => setCreating(false)}
          onCreated={(created) => {
            setCreating(false);
            setToken(created);
          }}
        />
      )}
      {token && <AgencyTokenModal token={token} onClose={() => setToken(null)} />}
    </>
  );
}

import { DeleteOutlined, EditOutlined } from '@ant-design/icons';
import { ASSET_IMAGE_MAX_BYTES, type Asset, assetEndpoints, assetNo } from '@fleetdesk/contracts';
import { Alert, App, Button, Card, Descriptions, Empty, Flex, Grid, List, Space, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useParams } from 'react-router';
import { formatDateTime } from '../../../shared/format.ts';
import { isApiError } from '../../../shared/http.ts';
import { requirementOf, useCan } from '../../../shared/permissions.ts';
import { ConfirmButton } from '../../../shared/ui/confirm-button.tsx';
import { DataMissing } from '../../../shared/ui/data-missing.tsx';
import { DetailPage, type DetailSection } from '../../../shared/ui/detail-page.tsx';
import { ImageUpload } from '../../../shared/ui/image-upload.tsx';
import { categoryUrls } from '../../categories/urls.ts';
import { AssetControlCard } from '../../iot/components/asset-control.card.tsx';
import { useAsset, useDeleteAsset, useRemovePropertyImage, useUploadPropertyImage } from '../api.ts';
import { AssetEditDrawer } from '../components/asset-edit.drawer.tsx';
import { AssetFieldLogCard } from '../components/asset-field-log.card.tsx';
import { AssetIotCard } from '../components/asset-iot.card.tsx';
import { AssetOrdersCard } from '../components/asset-orders.card.tsx';
import { AssetServiceCard } from '../components/asset-service.card.tsx';
import { AssetStatusCard } from '../components/asset-status.card.tsx';
import { LifeCycleTag } from '../components/life-cycle-tag.tsx';
import { isEditable, PropertyValueView } from '../components/property-value.tsx';

/** /asset/detail/:assetNo: one asset with its status and alarms, values, IoT device, commands, orders and field log. */
export default function AssetDetailPage() {
  const { assetNo: raw = '' } = useParams();
  // A number that cannot exist (lower case, symbols) is "not found" without asking the server.
  const valid = assetNo.safeParse(raw).success;
  if (!valid) return <DataMissing />;
  return <AssetDetail no={raw} />;
}

function AssetDetail({ no }: { no: string }) {
  const { t } = useTranslation('assets');
  const asset = useAsset(no);
  const [editing, setEditing] = useState(false);
  const canUpdate = useCan(requirementOf(assetEndpoints.update));
  const canDelete = useCan(requirementOf(assetEndpoints.remove));
  const a = asset.data;
  const narrow = !Grid.useBreakpoint().md;
  const sections: DetailSection[] = a
    ? [
        {
          key: 'state',
          title: t('card.state'),
          items: [
            {
              key: 'lifeCycle',
              label: t('field.lifeCycleState'),
              children: <LifeCycleTag state={a.lifeCycleState} />,
            },
            { key: 'turnover', label: t('field.turnoverState'), children: t(`turnover.${a.turnoverState}`) },
            { key: 'usage', label: t('field.usageMode'), children: t(`usageMode.${a.usageMode}`) },
            { key: 'trip', label: t('field.tripStatus'), children: t(`tripStatus.${a.tripStatus}`) },
          ],
        },
        {
          key: 'basic',
          title: t('card.basic'),
          items: [
            { key: 'partner', label: t('field.partner'), children: a.partner.name },
            {
              key: 'category',
              label: t('field.category'),
              children: (
                <Space size={4}>
                  <Link to={categoryUrls.edit(a.category.id)}>{a.category.name}</Link>
                  {!a.category.isEnabled && (
                    <Typography.Text type="secondary">({t('category.disabled')})</Typography.Text>
                  )}
                </Space>
              ),
            },
            { key: 'site', label: t('field.site'), children: a.site?.name ?? '—' },
            { key: 'note', label: t('field.note'), children: a.note || '—', span: 3 },
            { key: 'created', label: t('field.createdAt'), children: formatDateTime(a.createdAt) },
            { key: 'updated', label: t('field.updatedAt'), children: formatDateTime(a.updatedAt) },
          ],
        },
      ]
    : [];

  return (
    <DetailPage
      title={
        a ? (
          <Space size={12}>
            <span>{a.no}</span>
            <LifeCycleTag state={a.lifeCycleState} />
            <Typography.Text type="secondary" style={{ fontSize: 14, fontWeight: 'normal' }}>
              {t(`turnover.${a.turnoverState}`)} · {t(`usageMode.${a.usageMode}`)}
            </Typography.Text>
          </Space>
        ) : (
          no
        )
      }
      documentTitle={no}
      loading={asset.isLoading}
      error={asset.error}
      extra={
        a && (
          <Space>
            {canUpdate && (
              <Button type="primary" icon={<EditOutlined />} onClick={() => setEditing(true)}>
                {t('action.edit')}
              </Button>
            )}
            {canDelete && <DeleteAsset asset={a} />}
          </Space>
        )
      }
      sections={narrow ? [] : sections}
    >
      {a && (
        <>
          {/* Below md what an operator acts on comes first: status, charge and lock, then Send command. */}
          <AssetStatusCard asset={a} />
          {a.iot && <AssetControlCard asset={a} />}
          {narrow && <SectionCards sections={sections} />}
          <PropertiesCard asset={a} canUpdate={canUpdate} />
          {a.category.isIot && <AssetIotCard asset={a} canUpdate={canUpdate} />}
          <AssetOrdersCard asset={a} />
          <AssetServiceCard asset={a} />
          <AssetFieldLogCard asset={a} />
          {canUpdate && <AssetEditDrawer asset={a} open={editing} onClose={() => setEditing(false)} />}
        </>
      )}
    </DetailPage>
  );
}

function PropertiesCard({ asset, canUpdate }: { asset: Asset; canUpdate: boolean }) {
  const { t } = useTranslation('assets');
  return (
    <Card title={t('card.properties')}>
      {asset.properties.length === 0 ? (
        <Empty description={t('property.none')} />
      ) : (
        <List
          dataSource={asset.properties}
          rowKey={(p) => p.property.id}
          renderItem={({ property, value }) => (
            <List.Item>
              <Flex gap={24} style={{ width: '100%' }} align="center" wrap>
                <Typography.Text strong style={{ minWidth: 200 }}>
                  {property.name}
                </Typography.Text>
                {property.valueType === 'IMAGE' &&
                canUpdate &&
                property.updateMethod !== 'AUTOMATIC' &&
                (property.updateMethod === 'MANUAL' || value === null) ? (
                  <PropertyImage no={asset.no} propertyId={property.id} value={value as string | null} />
                ) : (
                  <PropertyValueView valueType={property.valueType} value={value} />
                )}
                <Typography.Text type="secondary" style={{ marginLeft: 'auto' }}>
                  {t(`updateMethod.${property.updateMethod}`, { defaultValue: property.updateMethod })}
                  {!isEditable(property, value, false) && property.valueType !== 'IMAGE'
                    ? ` · ${t('property.readOnly')}`
                    : ''}
                </Typography.Text>
              </Flex>
            </List.Item>
          )}
        />
      )}
    </Card>
  );
}

function PropertyImage({ no, propertyId, value }: { no: string; propertyId: string; value: string | null }) {
  const upload = useUploadPropertyImage(no, propertyId);
  const remove = useRemovePropertyImage(no, propertyId);
  return (
    <ImageUpload
      namespace="assets"
      imageUrl={value}
      maxBytes={ASSET_IMAGE_MAX_BYTES}
      width={120}
      height={80}
      upload={upload}
      remove={remove}
    />
  );
}

function DeleteAsset({ asset }: { asset: Asset }) {
  const { t } = useTranslation('assets');
  const { modal, message } = App.useApp();
  const navigate = useNavigate();
  const remove = useDeleteAsset(asset.no);
  return (
    <ConfirmButton
      danger
      mode="modal"
      icon={<DeleteOutlined />}
      title={t('delete.confirm', { no: asset.no })}
      description={t('delete.hint')}
      okText={t('action.delete')}
      onConfirm={async () => {
        try {
          await remove.mutateAsync();
          void message.success(t('delete.done', { no: asset.no }));
          // The asset list screen comes with a later part of issue 4; home is always a page.
          navigate('/', { replace: true });
        } catch (error) {
          if (isApiError(error) && error.status > 0 && error.status < 500) {
            const turnover = (error.data as { turnoverState?: string } | null)?.turnoverState;
            const reason =
              error.code === 'AssetInUse' && turnover
                ? t(`delete.inUse.${turnover}`, { defaultValue: error.message })
                : error.message;
            modal.error({ title: t('delete.refused'), content: <Alert type="error" title={reason} /> });
          }
        }
      }}
    >
      {t('action.delete')}
    </ConfirmButton>
  );
}

/** The detail's sections as DetailPage draws them, placed after the status and command cards on a phone. */
function SectionCards({ sections }: { sections: DetailSection[] }) {
  return sections.map((section) => (
    <Card key={section.key} title={section.title}>
      <Descriptions items={section.items} column={section.column ?? { xs: 1, sm: 1, md: 2, lg: 3 }} />
    </Card>
  ));
}

import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import { PACKAGE_PLANS_MAX, planDurationUnits, SUBSCRIPTION_QUOTA_MAX } from '@fleetdesk/contracts';
import { Button, Card, Col, Flex, Form, Input, InputNumber, Row, Select, Space, Switch, Tag, Tooltip } from 'antd';
import { useTranslation } from 'react-i18next';
import { DateTimeField } from '../../../shared/ui/date-time.field.tsx';
import { FormField } from '../../../shared/ui/form-page.tsx';
import { newPlanRow } from './package-form.model.ts';

/** The plan's amounts of money: two decimals, never negative; the partner's currency beside them when known. */
const moneyFields = ['basicFee', 'usageFee', 'usageFeeUpperLimit'] as const;

/**
 * The plans of a package, one card each (1 to 20). Every field is checked by the contract as the user types; a
 * stored plan that orders use cannot be removed (the server would answer 409 PlanInUse), and says so.
 */
export function PlanFields({
  orderCounts,
  currency,
}: {
  orderCounts: ReadonlyMap<string, number>;
  currency: string | undefined;
}) {
  const { t } = useTranslation('subscription-packages');
  const form = Form.useFormInstance();
  const third = { xs: 24, sm: 12, lg: 8 };
  return (
    <Form.List name="plans">
      {(rows, { add, remove }, { errors }) => (
        <Flex vertical gap={16}>
          {rows.map((row, index) => {
            const id: string | undefined = form.getFieldValue(['plans', row.name, 'id']);
            const inUse = (id && orderCounts.get(id)) || 0;
            const n = index + 1;
            return (
              <Card
                key={row.key}
                size="small"
                data-testid="plan-row"
                title={t('plan.title', { index: n })}
                extra={
                  <Space>
                    {inUse > 0 && <Tag color="blue">{t('plan.inUse', { count: inUse })}</Tag>}
                    <Tooltip title={inUse > 0 ? t('plan.cannotRemove') : undefined}>
                      <Button
                        size="small"
                        type="text"
                        danger
                        icon={<DeleteOutlined />}
                        aria-label={t('plan.remove', { index: n })}
                        disabled={rows.length <= 1 || inUse > 0}
                        onClick={() => remove(row.name)}
                      />
                    </Tooltip>
                  </Space>
                }
              >
                <Form.Item name={[row.name, 'id']} hidden>
                  <Input />
                </Form.Item>
                <Row gutter={16}>
                  <Col {...third}>
                    <FormField name={[row.name, 'name']} label={t('plan.name')} required>
                      <Input maxLength={100} aria-label={t('plan.nameOf', { index: n })} />
                    </FormField>
                  </Col>
                  {moneyFields.map((field) => (
                    <Col {...third} key={field}>
                      <FormField
                        name={[row.name, field]}
                        label={t(`plan.${field}`)}
                        required
                        tooltip={t(`plan.${field}Hint`)}
                      >
                        <InputNumber<number>
                          min={0}
                          precision={2}
                          step={1}
                          suffix={currency}
                          aria-label={t(`plan.${field}Of`, { index: n })}
                          style={{ width: '100%' }}
                        />
                      </FormField>
                    </Col>
                  ))}
                  <Col {...third}>
                    <FormField
                      name={[row.name, 'initialAvailability']}
                      label={t('plan.initialAvailability')}
                      required
                      tooltip={t('plan.initialAvailabilityHint')}
                    >
                      <InputNumber<number>
                        min={1}
                        max={SUBSCRIPTION_QUOTA_MAX}
                        precision={0}
                        aria-label={t('plan.initialAvailabilityOf', { index: n })}
                        style={{ width: '100%' }}
                      />
                    </FormField>
                  </Col>
                  <Col {...third}>
                    <FormField
                      name={[row.name, 'deductible']}
                      label={t('plan.deductible')}
                      required
                      tooltip={t('plan.deductibleHint')}
                    >
                      <InputNumber<number>
                        min={0}
                        step={1}
                        suffix={t('plan.hours')}
                        aria-label={t('plan.deductibleOf', { index: n })}
                        style={{ width: '100%' }}
                      />
                    </FormField>
                  </Col>
                  <Col {...third}>
                    <Form.Item label={t('plan.duration')} required>
                      <Space.Compact style={{ width: '100%' }}>
                        <FormField name={[row.name, 'durationQuantity']} noStyle>
                          <InputNumber<number>
                            min={1}
                            precision={0}
                            aria-label={t('plan.durationQuantityOf', { index: n })}
                            style={{ width: '40%' }}
                          />
                        </FormField>
                        <FormField name={[row.name, 'durationUnit']} noStyle>
                          <Select
                            aria-label={t('plan.durationUnitOf', { index: n })}
                            style={{ width: '60%' }}
                            options={planDurationUnits.map((unit) => ({ value: unit, label: t(`unit.${unit}`) }))}
                          />
                        </FormField>
                      </Space.Compact>
                    </Form.Item>
                  </Col>
                  <Col {...third}>
                    <DateTimeField
                      name={[row.name, 'validSince']}
                      label={t('plan.validSince')}
                      required
                      pastAllowed
                      ariaLabel={t('plan.validSinceOf', { index: n })}
                    />
                  </Col>
                  <Col {...third}>
                    <DateTimeField
                      name={[row.name, 'validUntil']}
                      label={t('plan.validUntil')}
                      required
                      pastAllowed
                      dependencies={[['plans', row.name, 'validSince']]}
                      ariaLabel={t('plan.validUntilOf', { index: n })}
                    />
                  </Col>
                  <Col xs={24}>
                    <FormField
                      name={[row.name, 'cannotBeFirstPlan']}
                      label={t('plan.cannotBeFirstPlan')}
                      valuePropName="checked"
                      tooltip={t('plan.cannotBeFirstPlanHint')}
                    >
                      <Switch aria-label={t('plan.cannotBeFirstPlanOf', { index: n })} />
                    </FormField>
                  </Col>
                </Row>
              </Card>
            );
          })}
          <Form.ErrorList errors={errors} />
          <Button
            type="dashed"
            icon={<PlusOutlined />}
            disabled={rows.length >= PACKAGE_PLANS_MAX}
            onClick={() => add(newPlanRow())}
          >
            {t('plan.add', { count: rows.length, max: PACKAGE_PLANS_MAX })}
          </Button>
        </Flex>
      )}
    </Form.List>
  );
}

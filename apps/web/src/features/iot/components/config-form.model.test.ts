import { iotConfigItems } from '@fleetdesk/contracts';
import { describe, expect, it } from 'vitest';
import { initialConfigValues, serverConfigErrors, toConfigInput, validateConfig } from './config-form.model.ts';

const all = iotConfigItems;

describe('config form', () => {
  it('sends only the ticked items', () => {
    const values = initialConfigValues();
    values.enabled = { motorControlSpeedLimit: true };
    values.config = { ...values.config, motorControlSpeedLimit: { switch: 'on', speedKmh: 25 } };
    expect(toConfigInput(values, all)).toEqual({ motorControlSpeedLimit: { switch: 'on', speedKmh: 25 } });
  });

  it('sends nothing but the switch when it is off', () => {
    const values = {
      enabled: { tboxAutoLightOnTiming: true },
      config: { tboxAutoLightOnTiming: { switch: 'off', timeRange: { startTime: '22:00', endTime: '22:00' } } },
    };
    const config = toConfigInput(values, all);
    expect(config).toEqual({ tboxAutoLightOnTiming: { switch: 'off' } });
    expect(validateConfig(config).data).toBeDefined();
  });

  it('drops a quiet-time range unless the mode is a time range', () => {
    const values = {
      enabled: { tboxVolume: true },
      config: { tboxVolume: { level: 2, quietTime: { mode: 'always', timeRange: { startTime: '01:00' } } } },
    };
    expect(toConfigInput(values, all)).toEqual({ tboxVolume: { level: 2, quietTime: { mode: 'always' } } });
  });

  it('refuses a speed limit above 100 km/h on its field', () => {
    const result = validateConfig({ motorControlSpeedLimit: { switch: 'on', speedKmh: 120 } });
    expect(result.data).toBeUndefined();
    expect(result.fields).toEqual([
      { name: ['config', 'motorControlSpeedLimit', 'speedKmh'], errors: ['Speed is at most 100 km/h'] },
    ]);
  });

  it('shows a missing time range on its start field and a missing report time on its value field', () => {
    const config = toConfigInput(
      {
        enabled: { tboxAntiTheftAlarmTiming: true, tboxPeriodicReport: true },
        config: {
          tboxAntiTheftAlarmTiming: { switch: 'on' },
          tboxPeriodicReport: { switch: 'on', interval: { unit: 'h', value: null } },
        },
      },
      all,
    );
    const names = validateConfig(config).fields.map((f) => [f.name.join('.'), f.errors[0]]);
    expect(names).toEqual(
      expect.arrayContaining([
        ['config.tboxAntiTheftAlarmTiming.timeRange.startTime', 'Time range is required'],
        ['config.tboxPeriodicReport.interval.value', 'Report time is required'],
      ]),
    );
  });

  it('refuses a riding GPS cycle above 18 h', () => {
    const result = validateConfig({ tboxRidingGpsReport: { switch: 'on', interval: { value: 19, unit: 'h' } } });
    expect(result.fields[0]?.errors).toEqual(['The riding GPS report cycle is at most 18 h']);
  });

  it('asks for at least one item when none is ticked', () => {
    expect(validateConfig(toConfigInput(initialConfigValues(), all)).form).toEqual(['Please select at least one item']);
  });

  it('starts from the confirmed config where there is one', () => {
    const values = initialConfigValues({ motorControlSpeedAlert: { switch: 'on', speedKmh: 20 } });
    expect(values.config?.motorControlSpeedAlert).toEqual({ switch: 'on', speedKmh: 20 });
    expect(values.config?.tboxVolume).toEqual({ level: 1, quietTime: { mode: 'never' } });
    expect(values.enabled).toEqual({});
  });

  it('puts server field errors on the config fields and the rest above the form', () => {
    expect(
      serverConfigErrors({
        'config.motorControlSpeedLimit.speedKmh': 'Speed is at most 100 km/h',
        'config.tboxVolume.quietTime.timeRange': 'Time range is required',
        assetNos: 'batch operations above 100 refused',
      }),
    ).toEqual({
      fields: [
        { name: ['config', 'motorControlSpeedLimit', 'speedKmh'], errors: ['Speed is at most 100 km/h'] },
        { name: ['config', 'tboxVolume', 'quietTime', 'timeRange', 'startTime'], errors: ['Time range is required'] },
      ],
      form: ['At most 100 assets at a time'],
    });
  });
});

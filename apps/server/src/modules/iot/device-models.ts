import {
  type AssetIotModel,
  type AssetIotVendor,
  type IotCommand,
  type IotConfigItem,
  type IotDeviceModel,
  iotConfigItems,
} from '@fleetdesk/contracts';

/**
 * What each vendor's device can do (GET /asset-iot/def/iotDeviceModels). The tbox is the full telematics box;
 * the rybit tag is a tracker without lock or motor control; the rybit box and okai control lock, lights and
 * motor but have none of the tbox's report and sound settings. The tbox and the rybit box drive a bike's lock, so
 * their turn on / turn off are Unlock / Lock; the okai controller switches the scooter itself on and off.
 */
const geo: IotCommand[] = ['iot.reboot', 'device.beep', 'iot.report_geolocation_state', 'iot.wake'];
const lockAndLight: IotCommand[] = ['device.turn_on', 'device.turn_off', 'light.turn_on', 'light.turn_off'];

export const iotDeviceModels: readonly IotDeviceModel[] = [
  {
    vendor: 'tbox',
    switchIsLock: true,
    name: 'T-Box telematics unit',
    commands: [
      ...lockAndLight,
      ...geo,
      'power.battery.unlock',
      'power.battery.lock',
      'tbox.status_report',
      'tbox.position_report',
    ],
    // The tbox has every config item there is.
    configItems: [...iotConfigItems],
    ridingReportSeconds: 10,
    parkedReportSeconds: 300,
  },
  {
    vendor: 'rybit-tag',
    switchIsLock: false,
    name: 'Rybit tracking tag',
    commands: [...geo],
    configItems: [],
    ridingReportSeconds: 30,
    parkedReportSeconds: 900,
  },
  {
    vendor: 'rybit-box',
    switchIsLock: true,
    name: 'Rybit control box',
    commands: [...lockAndLight, ...geo, 'power.battery.unlock', 'power.battery.lock'],
    configItems: ['motorControlSpeedLimit', 'motorControlSpeedAlert'],
    ridingReportSeconds: 15,
    parkedReportSeconds: 600,
  },
  {
    vendor: 'okai',
    switchIsLock: false,
    name: 'OKAI scooter controller',
    commands: [...lockAndLight, ...geo],
    configItems: ['motorControlSpeedLimit', 'motorControlSpeedAlert'],
    ridingReportSeconds: 10,
    parkedReportSeconds: 600,
  },
];

export const deviceModelOf = (vendor: string | null): IotDeviceModel | undefined =>
  iotDeviceModels.find((m) => m.vendor === vendor);

/** Which vendors fit which asset type; a battery or a generic asset carries no lights. */
const vendorsByAssetType: Record<string, AssetIotVendor[]> = {
  EBIKE: ['tbox', 'rybit-box'],
  BIKE: ['rybit-tag', 'tbox'],
  ESCOOTER: ['okai', 'rybit-tag'],
  MOTORBIKE: ['tbox', 'rybit-box'],
  BATTERY: ['rybit-tag'],
  DEFAULT: ['rybit-tag', 'tbox'],
};

export const assetIotModels: readonly AssetIotModel[] = Object.entries(vendorsByAssetType).flatMap(
  ([assetType, vendors]) =>
    vendors.map((vendor) => ({
      modelType: `${assetType}:${vendor}`,
      assetType,
      vendor,
      name: `${assetType} · ${deviceModelOf(vendor)?.name ?? vendor}`,
    })),
);

/** The commands and config items of a device on an asset type (lights only where the asset has them). */
export function capabilityOf(
  assetType: string,
  vendor: string | null,
): { commands: IotCommand[]; configItems: IotConfigItem[] } {
  const model = deviceModelOf(vendor);
  if (!model) return { commands: [], configItems: [] };
  const lightless = assetType === 'BATTERY' || assetType === 'DEFAULT';
  return {
    commands: model.commands.filter((c) => !(lightless && c.startsWith('light.'))),
    configItems: [...model.configItems],
  };
}

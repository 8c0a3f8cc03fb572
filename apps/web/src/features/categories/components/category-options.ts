import { assetTypes, propertyUpdateMethods, propertyValueTypes } from '@fleetdesk/contracts';
import type { TFunction } from 'i18next';

export const assetTypeOptions = (t: TFunction) =>
  assetTypes.map((value) => ({ value, label: t(`assetType.${value}`) }));
export const valueTypeOptions = (t: TFunction) =>
  propertyValueTypes.map((value) => ({ value, label: t(`valueType.${value}`) }));
export const updateMethodOptions = (t: TFunction) =>
  propertyUpdateMethods.map((value) => ({ value, label: t(`updateMethod.${value}`) }));

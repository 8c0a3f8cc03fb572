import { i18n } from '../../shared/i18n/i18n.ts';
import enUS from './validation/en-US.json';
import itIT from './validation/it-IT.json';
import koKR from './validation/ko-KR.json';
import zhCN from './validation/zh-CN.json';

/**
 * The contract messages of this feature (partner-operations.ts), translated. They join the shared
 * `validation` namespace when the feature's forms load, so FormPage and FormField translate them like every
 * other message; existing keys are never overwritten.
 */
export const partnerOperationsValidationMessages = {
  'en-US': enUS,
  'it-IT': itIT,
  'ko-KR': koKR,
  'zh-CN': zhCN,
} as const;

for (const [locale, messages] of Object.entries(partnerOperationsValidationMessages)) {
  i18n.addResourceBundle(locale, 'validation', messages, true, false);
}

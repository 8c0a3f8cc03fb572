import { describe, expect, it } from 'vitest';
import { parseTranslationPath, translationFiles } from './translation-files.ts';

describe('translation file paths', () => {
  it('reads the namespace and locale from glob keys and from the bundler’s absolute ids, on either separator', () => {
    expect(parseTranslationPath('./common/en-US.json')).toEqual({ namespace: 'common', locale: 'en-US' });
    expect(parseTranslationPath('../../features/assets/i18n/it-IT.json')).toEqual({
      namespace: 'assets',
      locale: 'it-IT',
    });
    expect(parseTranslationPath('/w/apps/web/src/shared/i18n/validation/es-ES.json')).toEqual({
      namespace: 'validation',
      locale: 'es-ES',
    });
    expect(parseTranslationPath('C:\\w\\apps\\web\\src\\features\\orders\\i18n\\zh-CN.json')).toEqual({
      namespace: 'orders',
      locale: 'zh-CN',
    });
  });

  it('names nothing that is not a translation of a supported locale', () => {
    expect(parseTranslationPath('/w/apps/web/src/shared/i18n/common/fr-FR.json')).toBeNull();
    expect(parseTranslationPath('/w/apps/web/src/features/assets/data/en-US.json')).toBeNull();
    expect(parseTranslationPath('/w/node_modules/antd/locale/en_US.js')).toBeNull();
    expect(() => translationFiles(['./common/xx-XX.json'])).toThrow('Unknown translation file ./common/xx-XX.json');
  });
});

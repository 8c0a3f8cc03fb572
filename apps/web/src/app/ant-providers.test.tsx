import { act, cleanup, render, screen } from '@testing-library/react';
import { Empty } from 'antd';
import dayjs from 'dayjs';
import { afterEach, describe, expect, it } from 'vitest';
import { changeLocale, i18n } from '../shared/i18n/i18n.ts';
import { LOCALE_KEY } from '../shared/i18n/locales.ts';
import { AntProviders, antLocaleReady } from './ant-providers.tsx';

// Empty names itself twice (its picture's title and its caption); the caption is the text a reader sees.
const description = '.ant-empty-description';

describe('AntProviders', () => {
  afterEach(async () => {
    cleanup();
    await act(() => changeLocale('en-US'));
    localStorage.removeItem(LOCALE_KEY);
  });

  it("shows antd's and dayjs's texts in the reader's locale, downloaded before the switch", async () => {
    await antLocaleReady();
    render(
      <AntProviders>
        <Empty />
      </AntProviders>,
    );
    expect(screen.getByText('No data', { selector: description })).toBeTruthy();
    expect(dayjs.locale()).toBe('en');

    // changeLocale resolves once the locale's texts are in: the next render is wholly Italian, then Chinese.
    await act(() => changeLocale('it-IT'));
    expect(screen.getByText('Nessun dato', { selector: description })).toBeTruthy();
    expect(dayjs.locale()).toBe('it');
    await act(() => changeLocale('zh-CN'));
    expect(screen.getByText('暂无数据', { selector: description })).toBeTruthy();
    expect(dayjs.locale()).toBe('zh-cn');
  });

  it('catches up with a switch that did not wait for its texts (made before this module was loaded)', async () => {
    render(
      <AntProviders>
        <Empty />
      </AntProviders>,
    );
    // i18next switched directly, as the login page's switch does before antd's chunk is loaded.
    await act(() => i18n.changeLanguage('ko-KR'));
    expect(await screen.findByText('데이터 없음', { selector: description })).toBeTruthy();
    expect(dayjs.locale()).toBe('ko');
  });
});

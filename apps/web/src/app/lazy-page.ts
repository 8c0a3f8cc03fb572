import { createElement } from 'react';
import type { RouteObject } from 'react-router';

type PageModule = { default: React.ComponentType };

/** A page as a lazy route: its chunk loads on first visit. */
export const lazyPage = (load: () => Promise<PageModule>): Pick<RouteObject, 'lazy'> => ({
  lazy: async () => ({ Component: (await load()).default }),
});

/**
 * A signed-out page built with antd, inside antd's context: the context loads with the page, since the root has
 * none (the login page is antd-free, issue 27).
 */
export const lazyAntPage = (load: () => Promise<PageModule>): Pick<RouteObject, 'lazy'> => ({
  lazy: async () => {
    const [{ default: Page }, { AntProviders }] = await Promise.all([
      load(),
      import('./ant-providers.tsx').then(async (module) => {
        await module.antLocaleReady();
        return module;
      }),
    ]);
    return { element: createElement(AntProviders, null, createElement(Page)) };
  },
});

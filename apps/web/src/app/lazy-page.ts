import type { RouteObject } from 'react-router';

/** A page as a lazy route: its chunk loads on first visit. */
export const lazyPage = (load: () => Promise<{ default: React.ComponentType }>): Pick<RouteObject, 'lazy'> => ({
  lazy: async () => ({ Component: (await load()).default }),
});

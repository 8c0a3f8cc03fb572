import { accountPaths } from './paths.ts';

export const accountUrls = {
  settings: () => accountPaths.settings,
};

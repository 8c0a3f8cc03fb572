import { createContext, useContext } from 'react';

/**
 * What the shell knows about the current page from the menu data (title, breadcrumb). Pages read it through
 * PageContainer instead of repeating their own titles.
 */
export interface PageMeta {
  title: string | undefined;
}

export const PageMetaContext = createContext<PageMeta>({ title: undefined });
export const usePageMeta = () => useContext(PageMetaContext);

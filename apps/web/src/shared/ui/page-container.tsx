import { Flex } from 'antd';
import { type ReactNode, useEffect } from 'react';
import { usePageMeta } from './page-meta.ts';
import './plain.css';

export interface PageContainerProps {
  /** Defaults to the menu title of the current route. */
  title?: ReactNode;
  /** Plain-text title for the browser tab when `title` is not a string (e.g. "Edit partner · Acme"). */
  documentTitle?: string;
  /** Actions at the right of the title (buttons, ConfirmButtons). */
  extra?: ReactNode;
  children: ReactNode;
}

/** The frame of every page: a heading row with actions, then the content. */
export function PageContainer({ title, documentTitle, extra, children }: PageContainerProps) {
  const meta = usePageMeta();
  const heading = title ?? meta.title;
  const tabTitle = documentTitle ?? (typeof title === 'string' ? title : undefined);

  // The shell already titles the tab from the menu; a page with a more specific title (a record's name) wins.
  useEffect(() => {
    if (!tabTitle) return;
    const previous = document.title;
    document.title = `${tabTitle} - Fleetdesk`;
    return () => {
      document.title = previous;
    };
  }, [tabTitle]);

  return (
    <Flex vertical gap={16}>
      {(heading || extra) && (
        <Flex justify="space-between" align="center" wrap gap={8}>
          {/* A plain heading in antd's title style: antd's Typography stays off the first screen (issue 27). */}
          <h4 className="fd-page-title">{heading}</h4>
          {extra && (
            <Flex gap={8} wrap>
              {extra}
            </Flex>
          )}
        </Flex>
      )}
      {children}
    </Flex>
  );
}

import { Alert, Card, Descriptions, type DescriptionsProps, Flex, Spin } from 'antd';
import type { ReactNode } from 'react';
import { isApiError } from '../http.ts';
import { DataMissing } from './data-missing.tsx';
import { PageContainer } from './page-container.tsx';

export interface DetailSection {
  key: string;
  title?: ReactNode;
  items: NonNullable<DescriptionsProps['items']>;
  /** Columns per row; antd's responsive default when absent. */
  column?: DescriptionsProps['column'];
}

export interface DetailPageProps {
  title?: ReactNode;
  documentTitle?: string;
  /** Actions in the title row (edit link, ConfirmButtons). */
  extra?: ReactNode;
  loading?: boolean;
  /** The record's load error; a 404 shows "The data do not exist!". */
  error?: unknown;
  sections: DetailSection[];
  /** Anything below the sections (related lists, tabs). */
  children?: ReactNode;
}

/** A record's read-only page: title and actions, then Descriptions sections in cards. */
export function DetailPage({ title, documentTitle, extra, loading, error, sections, children }: DetailPageProps) {
  if (error) {
    if (isApiError(error) && error.status === 404) return <DataMissing />;
    return <Alert type="error" showIcon title={(error as Error).message} />;
  }
  return (
    <PageContainer title={title} documentTitle={documentTitle} extra={loading ? undefined : extra}>
      {loading ? (
        <Card>
          <Flex justify="center" style={{ padding: 48 }}>
            <Spin />
          </Flex>
        </Card>
      ) : (
        <>
          {sections.map((section) => (
            <Card key={section.key} title={section.title}>
              <Descriptions items={section.items} column={section.column ?? { xs: 1, sm: 1, md: 2, lg: 3 }} />
            </Card>
          ))}
          {children}
        </>
      )}
    </PageContainer>
  );
}

/** Route patterns of the checklist record screens (document 1 §2.3 "Checklist records"). */
export const recordPaths = {
  list: '/checklist/record',
  detail: '/checklist/record/detail/:checklistRecordId',
} as const;

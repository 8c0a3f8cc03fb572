/** Route pattern of the control-record screen (document 1 §2.3, menu Asset → Control record). */
export const controlRecordPaths = {
  list: '/asset/control-record',
} as const;

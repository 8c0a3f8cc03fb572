import { Alert } from 'antd';
import { useTranslation } from 'react-i18next';
import { translateAssetMessage } from './asset-messages.ts';

/** One refused row of a batch, named by its asset number. */
export interface RowProblem {
  no: string;
  /** The field's label, empty when the row as a whole was refused (`nos.3`). */
  field: string;
  message: string;
}

/**
 * A batch refusal's `data.fields` (`assets.3.lifeCycleState`, `nos.7`) → problems against the asset numbers
 * of the rows sent, in row order; keys that name no row (`assets`) are kept with an empty number.
 */
export function rowProblems(
  fields: Record<string, string>,
  prefix: 'assets' | 'nos',
  nos: readonly string[],
  fieldLabel: (field: string) => string,
): RowProblem[] {
  const problems: (RowProblem & { index: number })[] = [];
  for (const [path, message] of Object.entries(fields)) {
    const [head, index, ...rest] = path.split('.');
    const row = head === prefix && index !== undefined && /^\d+$/.test(index) ? Number(index) : -1;
    const field = rest[0] === undefined || rest[0] === 'no' ? '' : fieldLabel(rest[0]);
    problems.push({ index: row, no: nos[row] ?? '', field, message: translateAssetMessage(message) });
  }
  return problems.sort((a, b) => a.index - b.index).map(({ index: _index, ...p }) => p);
}

export function RowProblemList({ problems }: { problems: readonly RowProblem[] }) {
  const { t } = useTranslation('assets');
  if (problems.length === 0) return null;
  return (
    <Alert
      type="error"
      showIcon
      style={{ marginBottom: 12 }}
      title={t('batch.refused', { count: problems.length })}
      description={
        <ul
          style={{ margin: 0, paddingInlineStart: 18, maxHeight: 200, overflow: 'auto' }}
          data-testid="batch-problems"
        >
          {problems.map((p) => (
            <li key={`${p.no}-${p.field}-${p.message}`}>
              {p.no && <strong>{p.no}</strong>}
              {p.field && ` · ${p.field}`}
              {(p.no || p.field) && ': '}
              {p.message}
            </li>
          ))}
        </ul>
      }
    />
  );
}

/** RFC 4180 quoting: a cell with a comma, quote or line break is quoted and its quotes doubled. */
export function csvCell(value: unknown): string {
  if (value === null || value === undefined) return '';
  const text = String(value);
  return /[",\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

export function toCsv(header: readonly string[], rows: readonly (readonly unknown[])[]): string {
  return [header, ...rows].map((row) => row.map(csvCell).join(',')).join('\r\n');
}

/** Saves text as a file; the BOM makes Excel read UTF-8 (names in Italian, Korean, Chinese). */
export function downloadCsv(fileName: string, csv: string): void {
  saveBlob(
    fileName.endsWith('.csv') ? fileName : `${fileName}.csv`,
    new Blob(['\uFEFF', csv], { type: 'text/csv;charset=utf-8' }),
  );
}

/** Offers bytes built or fetched by the console (an export, a template) as a download. */
export function saveBlob(fileName: string, blob: Blob): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  link.click();
  URL.revokeObjectURL(url);
}

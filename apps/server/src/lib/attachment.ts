/** `attachment; filename=…` with an ASCII fallback and the UTF-8 name for the rest (any download route). */
export function attachment(fileName: string) {
  const ascii = fileName.replace(/[^\x20-\x7E]/g, '_').replace(/["\\]/g, '_');
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(fileName)}`;
}

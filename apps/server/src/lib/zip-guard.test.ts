import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import { zip } from '../../test/zip.ts';
import { checkZip } from './zip-guard.ts';

const MB = 1024 * 1024;

describe('checkZip', () => {
  it('accepts a real workbook well under the limit', async () => {
    const workbook = new ExcelJS.Workbook();
    const sheet = workbook.addWorksheet('Assets');
    for (let i = 0; i < 200; i++) sheet.addRow([`A${i}`, 'Partner', 'customer-rental']);
    const content = Buffer.from(await workbook.xlsx.writeBuffer());
    expect(checkZip(content, 32 * MB)).toBe('ok');
    expect(checkZip(content, 1_000)).toBe('too-large');
  });

  it('refuses a bomb whether it declares its real size or lies about it', () => {
    const zeros = Buffer.alloc(40 * MB);
    const honest = zip([{ name: 'xl/worksheets/sheet1.xml', content: zeros }]);
    expect(honest.length).toBeLessThan(100_000);
    expect(checkZip(honest, 32 * MB)).toBe('too-large');
    const lying = zip([{ name: 'xl/worksheets/sheet1.xml', content: zeros, declare: 10 }]);
    expect(checkZip(lying, 32 * MB)).toBe('too-large');
    // Many entries within the limit one by one, over it together.
    const spread = zip(Array.from({ length: 5 }, (_, i) => ({ name: `part${i}.xml`, content: Buffer.alloc(8 * MB) })));
    expect(checkZip(spread, 32 * MB)).toBe('too-large');
    expect(checkZip(spread, 48 * MB)).toBe('ok');
  });

  it('refuses what is not a well-formed zip', () => {
    const good = zip([{ name: 'a.xml', content: Buffer.from('<a/>') }]);
    expect(checkZip(good, MB)).toBe('ok');
    expect(checkZip(Buffer.from('PK\u0003\u0004 not really a zip'), MB)).toBe('malformed');
    expect(checkZip(good.subarray(0, good.length - 30), MB)).toBe('malformed');
    const cut = Buffer.from(good);
    cut.writeUInt32LE(0x12345678, 0);
    expect(checkZip(cut, MB)).toBe('malformed');
  });
});

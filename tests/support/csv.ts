/**
 * CSV files in tests: a download's raw bytes (the byte-order mark kept, which `fetch`'s `text()`
 * would strip) and an RFC 4180 reader written apart from the service's writer, so that a test
 * reads a file back as a spreadsheet would.
 */
export type CsvDownload = { status: number; type: string | null; disposition: string | null; text: string };

export async function download(url: string, cookie: string): Promise<CsvDownload> {
  const response = await fetch(url, { headers: { cookie } });
  const bytes = Buffer.from(await response.arrayBuffer());
  return {
    status: response.status,
    type: response.headers.get('content-type'),
    disposition: response.headers.get('content-disposition'),
    text: bytes.toString('utf8'),
  };
}

/** The records of a CSV text (without its BOM): quoted fields may hold the separator, `""` and line breaks. */
export function parseCsv(text: string, sep: ',' | ';'): string[][] {
  const records: string[][] = [];
  let record: string[] = [];
  let field = '';
  let quoted = false;
  for (let index = 0; index < text.length; index += 1) {
    const char = text[index]!;
    if (quoted) {
      if (char === '"' && text[index + 1] === '"') {
        field += '"';
        index += 1;
      } else if (char === '"') {
        quoted = false;
      } else {
        field += char;
      }
    } else if (char === '"' && field === '') {
      quoted = true;
    } else if (char === sep) {
      record.push(field);
      field = '';
    } else if (char === '\r' && text[index + 1] === '\n') {
      record.push(field);
      records.push(record);
      record = [];
      field = '';
      index += 1;
    } else {
      field += char;
    }
  }
  if (field !== '' || record.length > 0) {
    record.push(field);
    records.push(record);
  }
  return records;
}

/** The records as objects keyed by the header's names. */
export function csvObjects(text: string, sep: ',' | ';'): Record<string, string>[] {
  const [header, ...rows] = parseCsv(text.replace(/^\uFEFF/, ''), sep);
  return rows.map((row) => Object.fromEntries(header!.map((name, index) => [name, row[index] ?? ''])));
}

/**
 * A CSV file sent as a download while it is produced: each line is written as it comes (waiting for
 * the socket to drain), so a large export is never held in memory. Once the first byte is gone the
 * status is sent: a failure then cuts the download short (the browser reports a failed download)
 * rather than ending it as a valid-looking, incomplete file.
 */
import type { Response } from 'express';

export async function sendCsv(res: Response, fileName: string, lines: AsyncIterable<string>): Promise<void> {
  res.setHeader('Content-Type', 'text/csv; charset=utf-8');
  res.setHeader('Content-Disposition', `attachment; filename="${fileName}"`);
  try {
    for await (const line of lines) {
      if (!res.write(line)) await new Promise((resolve) => res.once('drain', resolve));
    }
    res.end();
  } catch (error) {
    if (!res.headersSent) throw error;
    res.destroy(error instanceof Error ? error : undefined);
  }
}

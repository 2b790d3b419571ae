/**
 * The backup archive: one gzip file of JSON lines, written and read as a stream so that neither a
 * backup nor a restore holds a database in memory.
 *
 *   {"kind":"manifest", "format":"sos-expat-backup", "formatVersion":1, "createdAt", "trigger", "store"}
 *   {"kind":"database", "name":"content", "security":{…}}          once per database, then
 *   {"kind":"doc", "db":"content", "doc":{…, "_revisions", "_attachments": {… "data": base64}}}  …
 *   {"kind":"database_end", "name":"content", "seq":…, "docs":N}    the sequence it is consistent at
 *   {"kind":"end", "databases":[{"name","docs"}…]}                  absent: the archive is truncated
 *
 * Within a database a document may appear more than once (written again during its backup): the
 * later line is a newer revision of the same tree, and restoring lines in order leaves the newest.
 * An archive is written under a temporary name and renamed once complete, so the backups directory
 * only ever lists whole archives.
 */
import { createReadStream, createWriteStream } from 'node:fs';
import { rename, rm } from 'node:fs/promises';
import path from 'node:path';
import { StringDecoder } from 'node:string_decoder';
import { Readable, pipeline } from 'node:stream';
import { pipeline as pipelineAsync } from 'node:stream/promises';
import { createGunzip, createGzip } from 'node:zlib';
import type { StoreKind } from '../../store/store';

export const ARCHIVE_FORMAT = 'sos-expat-backup';
export const ARCHIVE_FORMAT_VERSION = 1;

export type BackupTrigger = 'manual' | 'scheduled';

/** A stored document as the store gives it with its revision history and attachments' data. */
export type ArchivedDoc = { _id: string; _rev: string; [field: string]: unknown };

export type ManifestLine = {
  kind: 'manifest';
  format: typeof ARCHIVE_FORMAT;
  formatVersion: typeof ARCHIVE_FORMAT_VERSION;
  createdAt: string;
  trigger: BackupTrigger;
  store: StoreKind;
};
export type DatabaseLine = { kind: 'database'; name: string; security: unknown };
export type DocLine = { kind: 'doc'; db: string; doc: ArchivedDoc };
export type DatabaseEndLine = { kind: 'database_end'; name: string; seq: unknown; docs: number };
export type EndLine = { kind: 'end'; databases: { name: string; docs: number }[] };
export type ArchiveLine = ManifestLine | DatabaseLine | DocLine | DatabaseEndLine | EndLine;

/** `backup-2025-06-16T03-00-00-000Z-scheduled.ndjson.gz`: sortable by time, safe in a URL. */
const NAME_PATTERN =
  /^backup-(\d{4}-\d{2}-\d{2})T(\d{2})-(\d{2})-(\d{2})-(\d{3})Z-(manual|scheduled)\.ndjson\.gz$/;

export function archiveName(createdAt: Date, trigger: BackupTrigger): string {
  return `backup-${createdAt.toISOString().replace(/[:.]/g, '-')}-${trigger}.ndjson.gz`;
}

/** What an archive's name says, or undefined for any other file name. */
export function parseArchiveName(name: string): { createdAt: string; trigger: BackupTrigger } | undefined {
  const match = NAME_PATTERN.exec(name);
  if (!match) return undefined;
  const [, day, hours, minutes, seconds, millis, trigger] = match;
  const createdAt = `${day}T${hours}:${minutes}:${seconds}.${millis}Z`;
  if (Number.isNaN(Date.parse(createdAt))) return undefined;
  return { createdAt, trigger: trigger as BackupTrigger };
}

/** The temporary name an archive has while it is written. */
export const partialName = (name: string) => `.${name}.partial`;
export const isPartialName = (name: string) => name.startsWith('.backup-') && name.endsWith('.partial');

/** Writes the lines to `<dir>/<name>`, under a temporary name until the last one is written. */
export async function writeArchive(
  dir: string,
  name: string,
  lines: AsyncIterable<ArchiveLine>,
): Promise<void> {
  const partial = path.join(dir, partialName(name));
  async function* text() {
    for await (const line of lines) yield JSON.stringify(line) + '\n';
  }
  try {
    await pipelineAsync(Readable.from(text()), createGzip(), createWriteStream(partial, { flags: 'wx' }));
    await rename(partial, path.join(dir, name));
  } catch (error) {
    await rm(partial, { force: true });
    throw error;
  }
}

/** The archive's lines, parsed, in order; a missing, corrupt or cut file is an error. */
export async function* readArchive(file: string): AsyncGenerator<ArchiveLine> {
  // The callback form hands back the last stream, destroyed with the error of any stage.
  const text = pipeline(createReadStream(file), createGunzip(), () => {});
  const decoder = new StringDecoder('utf8');
  let pending = '';
  for await (const chunk of text as AsyncIterable<Buffer>) {
    // Only the new text is searched: a line of many megabytes (attachments) stays linear.
    let from = pending.length;
    pending += decoder.write(chunk);
    let start = 0;
    let newline = pending.indexOf('\n', from);
    while (newline >= 0) {
      const line = pending.slice(start, newline);
      if (line.trim()) yield JSON.parse(line) as ArchiveLine;
      start = newline + 1;
      from = start;
      newline = pending.indexOf('\n', from);
    }
    pending = pending.slice(start);
  }
  pending += decoder.end();
  if (pending.trim()) yield JSON.parse(pending) as ArchiveLine;
}

/**
 * Backups of the store (services/backup/*), admins only:
 * - `GET /api/admin/backups`: the archives under DATA_DIR/backups, newest first, with size and
 *   date; the backup under way, if any; the last failure; the daily schedule and its next run.
 *   (A directory bounded by the retention, not a store list: read whole.)
 * - `POST /api/admin/backups`: starts a backup now (202 with its name); 409 `backup_running` when
 *   one is under way; audited.
 * - `GET /api/admin/backups/:name`: the archive, streamed as a download.
 * - `DELETE /api/admin/backups/:name`: deletes an archive; audited.
 * A name that is not an archive's is 400 `validation`; an archive that does not exist is 404.
 */
import { createReadStream } from 'node:fs';
import type { Request, Router } from 'express';
import { recordAudit } from '../../services/admin/audit';
import { parseArchiveName } from '../../services/backup/archive';
import { backupsDir, deleteBackup, findBackup, listBackups } from '../../services/backup/backups';
import { BackupRunning, backupRunner } from '../../services/backup/runner';
import { formatDailyTime, nextSlot } from '../../services/backup/schedule';
import { ApiError } from '../errors';
import type { AdminContext, AdminResponse } from './index';

function nameOf(req: Request): string {
  const name = String(req.params.name);
  if (!parseArchiveName(name)) {
    throw new ApiError(400, 'validation', 'Not a backup archive name.', {
      fields: { name: 'value_invalid' },
    });
  }
  return name;
}

export function backupRoutes(router: Router, { store, config }: AdminContext): void {
  const dir = backupsDir(config.dataDir);
  const runner = backupRunner(store, dir);

  router.get('/admin/backups', async (_req: Request, res: AdminResponse) => {
    const { dailyAt, keep } = config.backups;
    res.json({
      items: await listBackups(dir),
      running: runner.running() ?? null,
      lastFailure: runner.lastFailure() ?? null,
      schedule:
        dailyAt === 'off'
          ? { dailyAt: null, keep, nextAt: null }
          : { dailyAt: formatDailyTime(dailyAt), keep, nextAt: nextSlot(new Date(), dailyAt).toISOString() },
    });
  });

  router.post('/admin/backups', async (_req: Request, res: AdminResponse) => {
    let started;
    try {
      started = runner.start('manual');
    } catch (error) {
      if (!(error instanceof BackupRunning)) throw error;
      throw new ApiError(409, 'backup_running', 'A backup is already under way.');
    }
    await recordAudit(store, {
      actor: res.locals.adminUid,
      action: 'backup_start',
      subject: { kind: 'backup', id: started.name },
      before: null,
      after: { name: started.name, trigger: started.trigger },
    });
    res.status(202).json({ backup: started });
  });

  router.get('/admin/backups/:name', async (req: Request, res: AdminResponse) => {
    const found = await findBackup(dir, nameOf(req));
    if (!found) throw new ApiError(404, 'not_found', 'No such backup.');
    res.setHeader('Content-Type', 'application/gzip');
    res.setHeader('Content-Length', String(found.size));
    res.setHeader('Content-Disposition', `attachment; filename="${found.name}"`);
    const stream = createReadStream(found.file);
    stream.on('error', () => res.destroy());
    stream.pipe(res);
  });

  router.delete('/admin/backups/:name', async (req: Request, res: AdminResponse) => {
    const deleted = await deleteBackup(dir, nameOf(req));
    if (!deleted) throw new ApiError(404, 'not_found', 'No such backup.');
    await recordAudit(store, {
      actor: res.locals.adminUid,
      action: 'backup_delete',
      subject: { kind: 'backup', id: deleted.name },
      before: { name: deleted.name, size: deleted.size, createdAt: deleted.createdAt },
      after: null,
    });
    res.json({ deleted: deleted.name });
  });
}

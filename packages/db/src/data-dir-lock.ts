import { mkdirSync, readFileSync, rmSync, unlinkSync, writeFileSync } from 'node:fs';
import path from 'node:path';

/**
 * The embedded database is one process's files: a second PGlite on the same directory (a second
 * server, a backup, a restore) would corrupt it. Whoever opens the directory first writes this
 * file in it; PGlite's own postmaster.pid cannot tell, as it always holds the pid -42.
 */
export const LOCK_FILE = 'bastion.lock';

export interface DataDirHolder {
  pid: number;
  /** What holds it: "the Bastion CPQ server", "a backup"… */
  purpose: string;
  since: string;
}

export class DataDirBusyError extends Error {
  constructor(
    readonly dataDir: string,
    readonly holder: DataDirHolder,
  ) {
    super(
      `The embedded database in ${dataDir} is in use by ${holder.purpose} ` +
        `(process ${holder.pid}, since ${holder.since}). Stop it first and try again. ` +
        `If no such process is running, delete ${path.join(dataDir, LOCK_FILE)}.`,
    );
  }
}

/** Lock files this process wrote and has not released. */
const heldHere = new Set<string>();

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: it exists but belongs to another user.
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

function readHolder(file: string): DataDirHolder | null {
  try {
    const holder = JSON.parse(readFileSync(file, 'utf8')) as Partial<DataDirHolder>;
    return typeof holder.pid === 'number'
      ? {
          pid: holder.pid,
          purpose: holder.purpose ?? 'another process',
          since: holder.since ?? '?',
        }
      : null;
  } catch {
    return null;
  }
}

/**
 * Takes the directory (creating it if need be) for this process, or throws DataDirBusyError. A
 * lock left behind by a process that died is taken over. Returns the release function.
 */
export function claimDataDir(dataDir: string, purpose: string): () => void {
  mkdirSync(dataDir, { recursive: true });
  const file = path.join(dataDir, LOCK_FILE);
  const mine: DataDirHolder = { pid: process.pid, purpose, since: new Date().toISOString() };
  for (let attempt = 0; ; attempt++) {
    try {
      // 'wx' fails if the file exists, so two processes starting together cannot both win.
      writeFileSync(file, `${JSON.stringify(mine)}\n`, { flag: 'wx' });
      heldHere.add(file);
      break;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      const holder = readHolder(file);
      // Our own pid on a lock we did not take is an earlier life of this process id: after a
      // SIGKILL a container restarts the server as pid 1 again.
      const isHeld =
        holder !== null && (holder.pid === process.pid ? heldHere.has(file) : isAlive(holder.pid));
      if (holder && isHeld) throw new DataDirBusyError(dataDir, holder);
      if (attempt > 0) throw error;
      rmSync(file, { force: true });
    }
  }
  return () => {
    // Only our own lock: after a restore the directory may hold another one.
    if (!heldHere.delete(file)) return;
    if (readHolder(file)?.pid === process.pid) unlinkSync(file);
  };
}

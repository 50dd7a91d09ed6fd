import { randomBytes } from 'node:crypto';
import {
  closeSync,
  fchmodSync,
  fsyncSync,
  lstatSync,
  openSync,
  readdirSync,
  readFileSync,
  readlinkSync,
  renameSync,
  statSync,
  unlinkSync,
  writeSync,
} from 'node:fs';
import { hostname } from 'node:os';
import { basename, dirname, join, resolve } from 'node:path';

/**
 * Replacing a committed file that several processes may update: a lock so that read-modify-write
 * cycles never interleave (the loser fails loudly instead of losing the winner's entries), a
 * symlink keeps pointing where it pointed, the file keeps its mode, and no temporary file is left
 * behind, whatever happens. Node has no atomic-replace primitive with these guarantees and the
 * packages that offer one (write-file-atomic, proper-lockfile) cover only parts of it with async
 * APIs; the callers here are synchronous, so this is written out, small, in one place.
 */

/** A write that did not happen. Names the file the user asked for, never the temporary one. */
export class SafeWriteError extends Error {
  override name = 'SafeWriteError';
  constructor(
    readonly target: string,
    readonly problem: string,
  ) {
    super(`${target}: ${problem}`);
  }
}

const MAX_LINK_HOPS = 40;
const SIGNALS = ['SIGINT', 'SIGTERM', 'SIGHUP'] as const;
/** A lock is held for the few milliseconds of a read and a rename; this is many times that. */
const DEFAULT_LOCK_WAIT_MS = 2000;
const LOCK_POLL_MS = 20;
const SIGNAL_GRACE_MS = 100;

/**
 * The file a write must replace: the end of a chain of symbolic links (a dangling one included),
 * so the link itself survives and keeps pointing at the baseline it shares.
 */
export function resolveWriteTarget(file: string): string {
  let current = resolve(file);
  for (let hop = 0; hop <= MAX_LINK_HOPS; hop += 1) {
    let isLink: boolean;
    try {
      isLink = lstatSync(current).isSymbolicLink();
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return current;
      throw new SafeWriteError(file, `cannot be written: ${describeFsError(error)}`);
    }
    if (!isLink) return current;
    current = resolve(dirname(current), readlinkSync(current));
  }
  throw new SafeWriteError(file, `is a chain of more than ${MAX_LINK_HOPS} symbolic links`);
}

/** `EACCES: permission denied`: Node's message without the path, which may be the temporary file's. */
function describeFsError(error: unknown): string {
  const message = error instanceof Error ? error.message : String(error);
  return message.split(', ')[0] ?? message;
}

function temporaryPrefix(target: string): string {
  return `.${basename(target)}.`;
}

function lockPath(target: string): string {
  return join(dirname(target), `.${basename(target)}.lock`);
}

// Cleanups of writes in progress. A signal that arrives while a write runs is held back by the
// listener below (JavaScript listeners run only once the synchronous write has returned), so the
// write finishes or fails cleanly; the listener then removes what is left and lets the signal end
// the process as it would have without us.
const pendingCleanups = new Set<() => void>();
let signalGuardInstalled = false;

function onSignal(signal: NodeJS.Signals): void {
  for (const cleanup of pendingCleanups) cleanup();
  pendingCleanups.clear();
  for (const name of SIGNALS) process.removeListener(name, onSignal);
  signalGuardInstalled = false;
  // With no other listener, the default action is back: the process ends by the signal it got.
  if (process.listenerCount(signal) === 0) process.kill(process.pid, signal);
}

function guardSignals(): void {
  if (signalGuardInstalled) return;
  signalGuardInstalled = true;
  for (const name of SIGNALS) process.on(name, onSignal);
}

function sleep(milliseconds: number): void {
  Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, milliseconds);
}

interface LockOwner {
  readonly pid: number;
  readonly host: string;
  readonly since: string;
}

function readOwner(path: string): LockOwner | undefined {
  try {
    const owner = JSON.parse(readFileSync(path, 'utf8')) as Partial<LockOwner>;
    return typeof owner.pid === 'number' && typeof owner.host === 'string' ? (owner as LockOwner) : undefined;
  } catch {
    return undefined;
  }
}

/** Whether `owner` is a process of this machine that no longer runs (killed before it unlocked). */
function isAbandoned(owner: LockOwner | undefined): boolean {
  if (!owner || owner.host !== hostname()) return false;
  try {
    process.kill(owner.pid, 0);
    return false;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'ESRCH';
  }
}

function acquireLock(target: string, waitMs: number): () => void {
  const path = lockPath(target);
  const owner: LockOwner = { pid: process.pid, host: hostname(), since: new Date().toISOString() };
  const deadline = Date.now() + waitMs;
  for (;;) {
    try {
      const descriptor = openSync(path, 'wx');
      try {
        writeSync(descriptor, `${JSON.stringify(owner)}\n`);
      } finally {
        closeSync(descriptor);
      }
      const release = (): void => {
        pendingCleanups.delete(release);
        try {
          unlinkSync(path);
        } catch {
          // Already gone: nothing to release.
        }
      };
      pendingCleanups.add(release);
      return release;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') {
        throw new SafeWriteError(target, `cannot be locked for writing: ${describeFsError(error)} (in ${dirname(target)})`);
      }
    }
    const holder = readOwner(path);
    if (isAbandoned(holder)) {
      try {
        unlinkSync(path);
      } catch {
        // Another waiter removed it first; try again either way.
      }
      continue;
    }
    if (Date.now() >= deadline) {
      const who = holder ? `process ${holder.pid} on ${holder.host}, since ${holder.since}` : 'another process';
      throw new SafeWriteError(
        target,
        `is being written by ${who}; nothing was written. Run the command again once it has finished` +
          ` (if no such process runs any more, delete ${path})`,
      );
    }
    sleep(LOCK_POLL_MS);
  }
}

/** Temporary files of writers that were killed outright (SIGKILL, power loss): only the lock holder may judge. */
function removeOrphans(target: string): void {
  const prefix = temporaryPrefix(target);
  let names: string[];
  try {
    names = readdirSync(dirname(target));
  } catch {
    return;
  }
  for (const name of names) {
    if (name.startsWith(prefix) && name.endsWith('.tmp')) {
      try {
        unlinkSync(join(dirname(target), name));
      } catch {
        // Not ours to insist on: the write below does not depend on it.
      }
    }
  }
}

/** What a locked update sees of the file: its bytes, or undefined when it does not exist yet. */
export type CurrentContent = Buffer | undefined;

function readCurrent(target: string): CurrentContent {
  try {
    return readFileSync(target);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    throw new SafeWriteError(target, `cannot be read: ${describeFsError(error)}`);
  }
}

function sameContent(a: CurrentContent, b: CurrentContent): boolean {
  return a === undefined || b === undefined ? a === b : a.equals(b);
}

function replaceAtomically(target: string, text: string, expected: CurrentContent): void {
  const temporary = join(dirname(target), `${temporaryPrefix(target)}${process.pid}.${randomBytes(4).toString('hex')}.tmp`);
  const removeTemporary = (): void => {
    pendingCleanups.delete(removeTemporary);
    try {
      unlinkSync(temporary);
    } catch {
      // Renamed into place, or never created.
    }
  };
  let descriptor: number;
  try {
    descriptor = openSync(temporary, 'wx', 0o666);
  } catch (error) {
    throw new SafeWriteError(target, `cannot be written: ${describeFsError(error)} (creating a file in ${dirname(target)})`);
  }
  pendingCleanups.add(removeTemporary);
  try {
    try {
      if (expected !== undefined) fchmodSync(descriptor, statSync(target).mode & 0o7777);
      writeSync(descriptor, text);
      fsyncSync(descriptor);
    } finally {
      closeSync(descriptor);
    }
    // Compare-and-swap against writers that do not take the lock (an editor, an older plugin).
    if (!sameContent(readCurrent(target), expected)) {
      throw new SafeWriteError(target, 'changed while it was being updated (by a program that does not take the lock?); nothing was written. Run the command again');
    }
    renameSync(temporary, target);
  } catch (error) {
    removeTemporary();
    if (error instanceof SafeWriteError) throw error;
    throw new SafeWriteError(target, `cannot be written: ${describeFsError(error)}`);
  }
  pendingCleanups.delete(removeTemporary);
}

export interface UpdateOptions {
  /** How long to wait for another writer's lock before failing. */
  readonly lockWaitMs?: number;
}

/**
 * Replaces `file` (following symlinks) with what `update` makes of its current content, holding a
 * lock so two updates never interleave. `update` returns undefined to leave the file as it is.
 * The file keeps its mode; nothing temporary outlives the call, or the signal that ends it.
 */
export function updateFile<T>(
  file: string,
  update: (current: CurrentContent) => { readonly text: string | undefined; readonly result: T },
  options: UpdateOptions = {},
): T {
  const target = resolveWriteTarget(file);
  guardSignals();
  const release = acquireLock(target, options.lockWaitMs ?? DEFAULT_LOCK_WAIT_MS);
  try {
    removeOrphans(target);
    const current = readCurrent(target);
    const { text, result } = update(current);
    if (text !== undefined) replaceAtomically(target, text, current);
    return result;
  } finally {
    release();
    // A signal held back during the write reaches the listener only when the event loop gets to
    // it, and signal handles do not keep the loop running: a short keep-alive lets the listener
    // end the process by that signal. Node gives no way to know whether one is pending, so a
    // process that finishes first has merely completed its write: what matters is that it was
    // never cut off half-way.
    setTimeout(() => undefined, SIGNAL_GRACE_MS);
  }
}

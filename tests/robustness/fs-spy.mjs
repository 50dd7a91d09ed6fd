// Preloaded with NODE_OPTIONS=--import: logs every path the process opens for writing, creates,
// renames or reads, one line each ("w <path>" / "r <path>"), to FS_SPY_LOG. Patched on the
// CommonJS object, then synced to the ESM named exports, so `import { writeFileSync } from 'node:fs'` sees it.
import fs from 'node:fs';
import { syncBuiltinESMExports } from 'node:module';
const log = process.env.FS_SPY_LOG;
const append = fs.appendFileSync.bind(fs);
let logging = false;
const record = (kind, path) => {
  // The log's own append goes through the patched openSync: not logged, not recursed into.
  if (logging || !(typeof path === 'string' || path instanceof URL || Buffer.isBuffer(path))) return;
  logging = true;
  try {
    append(log, `${kind} ${String(path)}\n`);
  } finally {
    logging = false;
  }
};
const writes = (flags) => typeof flags === 'string' ? /[wa+]/.test(flags) : typeof flags === 'number' && (flags & (fs.constants.O_WRONLY | fs.constants.O_RDWR | fs.constants.O_CREAT)) !== 0;
const wrap = (object, name, kind) => {
  const original = object[name];
  if (typeof original !== 'function') return;
  object[name] = function (...args) {
    record(typeof kind === 'function' ? kind(args) : kind, args[0]);
    if (name.startsWith('rename') || name.startsWith('link') || name.startsWith('symlink') || name.startsWith('copyFile')) record('w', args[1]);
    return original.apply(this, args);
  };
};
for (const name of ['openSync', 'open']) wrap(fs, name, (args) => (writes(args[1]) ? 'w' : 'r'));
for (const name of ['writeFileSync', 'writeFile', 'appendFile', 'renameSync', 'rename', 'mkdirSync', 'mkdir', 'linkSync', 'symlinkSync', 'copyFileSync', 'unlinkSync', 'rmSync', 'truncateSync']) wrap(fs, name, 'w');
for (const name of ['readFileSync', 'readFile']) wrap(fs, name, 'r');
for (const name of ['open']) wrap(fs.promises, name, (args) => (writes(args[1]) ? 'w' : 'r'));
for (const name of ['writeFile', 'appendFile', 'rename', 'mkdir', 'copyFile', 'unlink', 'rm', 'truncate']) wrap(fs.promises, name, 'w');
for (const name of ['readFile']) wrap(fs.promises, name, 'r');
syncBuiltinESMExports();

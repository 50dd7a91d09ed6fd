// The files a benchmark run lints in a corpus, in the order `eslint.lintFiles(['src'])` visits
// them: the same list for the paired, cold and fresh-process children, so their figures are over
// the same files.
import { readdirSync } from 'node:fs';
import { join } from 'node:path';

/**
 * Sources with one of `extensions` (`ts` by default; a package that publishes only its build is
 * linted as `.js`), declaration files left out: every rule of the plugin ignores type-only code.
 * @param {readonly string[]} extensions
 */
function linted(extensions) {
  return new RegExp(`(?<!\\.d)\\.(?:${extensions.join('|')})$`);
}

/**
 * Absolute paths of the linted files under `root/sources`, depth-first in name order.
 * @param {string} root
 * @param {string} [sources]
 * @param {readonly string[]} [extensions]
 */
export function lintedFiles(root, sources = 'src', extensions = ['ts']) {
  const LINTED = linted(extensions);
  const walk = (directory) =>
    readdirSync(directory, { withFileTypes: true })
      .sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0))
      .flatMap((entry) => {
        const path = join(directory, entry.name);
        if (entry.isDirectory()) return walk(path);
        return entry.isFile() && LINTED.test(entry.name) ? [path] : [];
      });
  return walk(join(root, sources));
}

import { existsSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

interface PackageInfo {
  readonly name: string;
  readonly version: string;
  readonly root: string;
}

const PACKAGE_NAME = 'eslint-plugin-schema-contract';

/**
 * Reads name and version from the package's own package.json at run time, so a published build
 * can never report a version that differs from what npm installed. The walk upwards works both
 * from `src/` (tests run the sources) and from `dist/src/` (the published build).
 */
function readPackageInfo(): PackageInfo {
  let directory = dirname(fileURLToPath(import.meta.url));
  for (;;) {
    const candidate = join(directory, 'package.json');
    if (existsSync(candidate)) {
      const manifest = JSON.parse(readFileSync(candidate, 'utf8')) as { name?: unknown; version?: unknown };
      if (manifest.name === PACKAGE_NAME && typeof manifest.version === 'string') {
        return { name: PACKAGE_NAME, version: manifest.version, root: directory };
      }
    }
    const parent = dirname(directory);
    if (parent === directory) {
      throw new Error(`${PACKAGE_NAME}: cannot find its own package.json above ${fileURLToPath(import.meta.url)}`);
    }
    directory = parent;
  }
}

export const packageInfo: PackageInfo = readPackageInfo();

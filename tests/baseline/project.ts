import { createRequire } from 'node:module';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { pathToFileURL } from 'node:url';

// Temporary projects live outside the repository (no config or git of ours above them), so
// they import the parser by absolute URL, as they would find it in their own node_modules.
const parserUrl = pathToFileURL(createRequire(import.meta.url).resolve('@typescript-eslint/parser')).href;

export interface Project {
  readonly dir: string;
  write(path: string, text: string): void;
  read(path: string): string;
  remove(): void;
}

export function createProject(files: Readonly<Record<string, string>>): Project {
  const dir = mkdtempSync(join(tmpdir(), 'schema-contract-baseline-'));
  const project: Project = {
    dir,
    write(path, text) {
      mkdirSync(dirname(join(dir, path)), { recursive: true });
      writeFileSync(join(dir, path), text);
    },
    read: (path) => readFileSync(join(dir, path), 'utf8'),
    remove: () => rmSync(dir, { recursive: true, force: true }),
  };
  for (const [path, text] of Object.entries(files)) project.write(path, text);
  return project;
}

export interface ConfigOptions {
  /** Absolute path of the plugin module the config imports (from a test build). */
  readonly pluginEntry: string;
  readonly namespace: string;
  readonly rules: readonly string[];
  /** Absolute path of `src/baseline/config.js` in the build; with `baseline`, uses baselineConfig(). */
  readonly baselineConfigEntry?: string;
  /** The baseline file; omitted: no baseline configured. */
  readonly baseline?: string;
  /** Use the plain setting instead of baselineConfig(). */
  readonly plainSetting?: boolean;
}

/** An `eslint.config.js` as a user writes it: flat config, the TypeScript parser, our rules. */
export function eslintConfig(options: ConfigOptions): string {
  const rules = Object.fromEntries(options.rules.map((rule) => [`${options.namespace}/${rule}`, 'error']));
  const imports = [
    `import parser from ${JSON.stringify(parserUrl)};`,
    `import plugin from ${JSON.stringify(pathToFileURL(options.pluginEntry).href)};`,
  ];
  const configs = [
    `{ files: ['**/*.ts', '**/*.js'], languageOptions: { parser, sourceType: 'module' }, plugins: { ${JSON.stringify(options.namespace)}: plugin }, rules: ${JSON.stringify(rules)} }`,
  ];
  if (options.baseline !== undefined) {
    if (options.plainSetting || options.baselineConfigEntry === undefined) {
      configs.push(`{ settings: { 'schema-contract': { baseline: ${JSON.stringify(options.baseline)} } } }`);
    } else {
      imports.push(`import { baselineConfig } from ${JSON.stringify(pathToFileURL(options.baselineConfigEntry).href)};`);
      configs.push(`baselineConfig(${JSON.stringify(options.baseline)})`);
    }
  }
  return `${imports.join('\n')}\n\nexport default [\n  { ignores: ['eslint.config.js'] },\n  ${configs.join(',\n  ')},\n];\n`;
}

// Runs inside an installed test project, with that project's own ESLint (and typescript-eslint
// when it has one): lints files with config files and says, for each file, what ESLint reported
// and which parser and sourceType its config gives it. Several configs in one process, because
// loading ESLint and a parser is most of the time. Prints one JSON document: one entry per job.
//
// usage: node probe.mjs '[{"config": "eslint.config.mjs", "files": ["src/a.ts"]}, ...]'
import { createRequire } from 'node:module';
import { relative, resolve } from 'node:path';

const cwd = process.cwd();
const require = createRequire(resolve(cwd, 'package.json'));
const jobs = JSON.parse(process.argv[2]);
const { ESLint } = require('eslint');
let typescriptEslintParse;
try {
  typescriptEslintParse = require('typescript-eslint').parser.parseForESLint;
} catch {
  typescriptEslintParse = undefined;
}

const probes = [];
for (const { config, files } of jobs) {
  const eslint = new ESLint({ cwd, overrideConfigFile: config });
  const results = await eslint.lintFiles(files);
  const messages = results
    .flatMap((result) =>
      result.messages.map((message) => ({
        file: relative(cwd, result.filePath),
        line: message.line,
        ruleId: message.ruleId,
        fatal: message.fatal === true,
        message: message.message,
      })),
    )
    .sort((a, b) => a.file.localeCompare(b.file) || a.line - b.line || String(a.ruleId).localeCompare(String(b.ruleId)));

  const configs = {};
  for (const file of files) {
    const computed = await eslint.calculateConfigForFile(file);
    const parser = computed?.languageOptions?.parser;
    configs[file] = {
      parser: parser && `${parser.meta?.name ?? parser.name}@${parser.meta?.version ?? parser.version}`,
      // Whether ESLint will call the very function typescript-eslint's own configs hand it.
      typescriptEslintsParser: typescriptEslintParse === undefined ? undefined : parser?.parseForESLint === typescriptEslintParse,
      sourceType: computed?.languageOptions?.sourceType,
    };
  }
  probes.push({ eslint: ESLint.version, messages, configs });
}

process.stdout.write(`${JSON.stringify(probes)}\n`);

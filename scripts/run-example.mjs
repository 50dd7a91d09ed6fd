#!/usr/bin/env node
// Lints examples/tool-server with the plugin built from this checkout and exits 0 only when the
// findings are exactly the ones the example expects: `expected-findings.json` lists them, and every
// `// ❌ <rule>:` comment in the example's source marks one (on the next line of code). Both must
// agree with what ESLint reports, so neither the example nor its expectations can drift unnoticed.
//
// usage: node scripts/run-example.mjs [--no-install] [--write-expected]
//   --no-install      reuse examples/tool-server/node_modules instead of `npm ci` there
//   --write-expected  rewrite expected-findings.json from this run (review the diff before committing)
import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join, relative, sep } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const exampleDir = join(root, 'examples', 'tool-server');
const expectedPath = join(exampleDir, 'expected-findings.json');
const PLUGIN_PREFIX = 'schema-contract/';
const MARKER = /\/\/\s*❌\s*([a-z][a-z0-9-]*)\s*:/;

const args = new Set(process.argv.slice(2));
for (const arg of args) {
  if (!['--no-install', '--write-expected'].includes(arg)) {
    console.error(`run-example: unknown argument ${arg}\nusage: node scripts/run-example.mjs [--no-install] [--write-expected]`);
    process.exit(2);
  }
}

if (!existsSync(join(root, 'dist', 'src', 'index.js'))) {
  console.error('run-example: the plugin is not built (dist/src/index.js is missing); run `npm run build` first, or `npm run example`.');
  process.exit(2);
}

if (!args.has('--no-install')) {
  // The example depends on the plugin as `file:../..`: npm links this checkout, so the lint below
  // runs the freshly built dist/ exactly as a user's project would load a published copy.
  console.log('run-example: npm ci in examples/tool-server');
  execFileSync('npm', ['ci', '--no-audit', '--no-fund', '--loglevel=error'], { cwd: exampleDir, stdio: 'inherit' });
}

// The example's own ESLint, resolved from the example, is the one its users run.
const requireFromExample = createRequire(join(exampleDir, 'package.json'));
const { ESLint } = await import(pathToFileURL(requireFromExample.resolve('eslint')).href);

const eslint = new ESLint({ cwd: exampleDir });
const results = await eslint.lintFiles(['.']);
const formatter = await eslint.loadFormatter('stylish');
const printed = await formatter.format(results);
console.log(printed.trim() ? printed : '\nrun-example: no findings\n');

const toPosix = (path) => path.split(sep).join('/');
const fileOf = (result) => toPosix(relative(exampleDir, result.filePath));

const reported = [];
const foreign = [];
for (const result of results) {
  for (const message of result.messages) {
    if (message.ruleId?.startsWith(PLUGIN_PREFIX)) {
      reported.push({ ruleId: message.ruleId, file: fileOf(result), line: message.line, messageId: message.messageId });
    } else {
      // A parse error or a crash of any rule is never an expected finding.
      foreign.push(`${fileOf(result)}:${message.line}: ${message.ruleId ?? 'fatal'}: ${message.message}`);
    }
  }
}

const byPosition = (a, b) => a.file.localeCompare(b.file) || a.line - b.line || a.ruleId.localeCompare(b.ruleId);
reported.sort(byPosition);

if (args.has('--write-expected')) {
  const document = {
    $comment:
      'The findings `npm run example` expects from examples/tool-server; each is marked in the source by a `// ❌ <rule>:` comment above the reported line. Regenerate with `node scripts/run-example.mjs --write-expected` and review the diff.',
    findings: reported,
  };
  writeFileSync(expectedPath, `${JSON.stringify(document, null, 2)}\n`);
  console.log(`run-example: wrote ${reported.length} findings to ${toPosix(relative(root, expectedPath))}`);
}

/** The line of code a `// ❌` comment points at: the first line after it that is not a comment. */
function markedFindings() {
  const marked = [];
  for (const result of results) {
    const lines = readFileSync(result.filePath, 'utf8').split(/\r?\n/);
    lines.forEach((text, index) => {
      const match = MARKER.exec(text);
      if (!match) return;
      let target = index + 1;
      while (target < lines.length && /^\s*(\/\/|\/\*|\*)/.test(lines[target])) target += 1;
      marked.push({ ruleId: `${PLUGIN_PREFIX}${match[1]}`, file: fileOf(result), line: target + 1 });
    });
  }
  return marked.sort(byPosition);
}

const expectedDocument = JSON.parse(readFileSync(expectedPath, 'utf8'));
if (!Array.isArray(expectedDocument.findings)) {
  console.error(`run-example: ${toPosix(relative(root, expectedPath))} has no "findings" array`);
  process.exit(2);
}
const expected = [...expectedDocument.findings].sort(byPosition);

const describe = (finding) => `${finding.file}:${finding.line} ${finding.ruleId}${finding.messageId ? ` (${finding.messageId})` : ''}`;
const list = (findings) => findings.map((finding) => `    ${describe(finding)}`).join('\n');

/**
 * Pairs each wanted finding with one actual finding at the same file, line and rule (and message id,
 * when the wanted one names it); returns what is left unpaired on either side.
 */
function pair(wanted, actual) {
  const unpaired = [...actual];
  const missing = [];
  for (const finding of wanted) {
    const index = unpaired.findIndex(
      (candidate) =>
        candidate.file === finding.file &&
        candidate.line === finding.line &&
        candidate.ruleId === finding.ruleId &&
        (finding.messageId === undefined || candidate.messageId === finding.messageId),
    );
    if (index === -1) missing.push(finding);
    else unpaired.splice(index, 1);
  }
  return { missing, extra: unpaired };
}

const problems = [];
const againstLint = pair(expected, reported);
if (againstLint.missing.length) problems.push(`expected but not reported:\n${list(againstLint.missing)}`);
if (againstLint.extra.length) problems.push(`reported but not expected:\n${list(againstLint.extra)}`);
if (foreign.length) problems.push(`errors that are not findings of this plugin:\n${foreign.map((line) => `    ${line}`).join('\n')}`);

const againstComments = pair(
  markedFindings(),
  expected.map(({ ruleId, file, line }) => ({ ruleId, file, line })),
);
if (againstComments.extra.length) problems.push(`in expected-findings.json without a // ❌ comment above the line:\n${list(againstComments.extra)}`);
if (againstComments.missing.length) problems.push(`marked // ❌ in the source but not in expected-findings.json:\n${list(againstComments.missing)}`);

if (problems.length) {
  console.error(`run-example: the findings differ from what examples/tool-server expects\n\n${problems.join('\n\n')}`);
  process.exit(1);
}
const rules = new Set(reported.map((finding) => finding.ruleId));
console.log(`run-example: ${reported.length} findings from ${rules.size} rules, exactly the ones the example expects.`);

import type { TSESLint } from '@typescript-eslint/utils';
import { getSettings } from '../../settings.js';
import { isGlossaryModule } from '../glossary/glossary.js';
import { isBarrel, offerLintedModule } from './module-graph.js';

const seen = new WeakSet<object>();

/**
 * Offers the file being linted to the module graph when other files are likely to import values
 * from it: a glossary module (by the settings' `glossary.modules`, or because it names the policy
 * key) or a barrel that re-exports modules. Its importers then read ESLint's parse instead of
 * parsing the module again. Only these are offered because an offered parse is held until an
 * import uses it. Called once per file by every rule (see `createRule`); the first call decides.
 */
export function offerToImporters(context: Readonly<TSESLint.RuleContext<string, readonly unknown[]>>): void {
  const sourceCode = context.sourceCode;
  if (seen.has(sourceCode)) return;
  seen.add(sourceCode);
  // A code block inside another file (a processor's virtual file) is not what an import reads.
  if (context.filename !== context.physicalFilename || !sourceCode.scopeManager) return;
  const { glossary } = getSettings(context);
  const text = sourceCode.text;
  if (!text.includes(glossary.policyKey) && !isBarrel(text) && !isGlossaryModule(context.filename, glossary, context.cwd)) return;
  offerLintedModule(context.filename, { text, ast: sourceCode.ast, scopeManager: sourceCode.scopeManager });
}

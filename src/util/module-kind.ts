/**
 * Whether the text has a top-level `import`/`export` statement or `import.meta`: such a file is
 * an ES module whatever package.json says (bundlers and TypeScript accept ES syntax in files Node
 * would run as CommonJS), and reading it as a script would lose its exports.
 */
export function hasModuleSyntax(text: string): boolean {
  return /^[ \t]*(?:import[\s{*'"]|export[\s{*])/m.test(text) || text.includes('import.meta');
}

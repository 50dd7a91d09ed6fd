/**
 * What each client accepts as a tool name, from the client's own documentation. A name one of
 * them rejects is not a style problem: the request that carries the tool list fails (OpenAI and
 * Anthropic answer 400 for the whole request), or the client drops the tool, so the tool is
 * silently missing there. The rules are data here so the docs, the messages and the tests name
 * the same source.
 */

/** A client (or specification) whose tool-name rule the plugin knows. */
export type ToolNameClient = 'openai' | 'anthropic' | 'gemini' | 'mcp';

export const TOOL_NAME_CLIENTS: readonly ToolNameClient[] = ['openai', 'anthropic', 'gemini', 'mcp'];

export interface ToolNameRule {
  readonly client: ToolNameClient;
  /** How a message names the client. */
  readonly label: string;
  readonly maxLength: number;
  /** One character the name may hold. */
  readonly allowed: RegExp;
  /** What the first character may be, when the client says more than `allowed`. */
  readonly first: RegExp | undefined;
  /** How a message words the allowed characters. */
  readonly allowedWords: string;
  /** A MUST of the client's API (the request fails) or a SHOULD of a specification. */
  readonly strength: 'must' | 'should';
  readonly source: string;
}

/**
 * The four rules, each quoted from its source:
 *
 * - OpenAI, Chat Completions and Responses API reference, `tools[].function.name` / `tools[].name`:
 *   "Must be a-z, A-Z, 0-9, or contain underscores and dashes, with a maximum length of 64." The
 *   API answers a name outside `^[a-zA-Z0-9_-]{1,64}$` with a 400 naming that pattern.
 * - Anthropic, Messages API reference, `tools[].name`: "Must match the regex `^[a-zA-Z0-9_-]{1,64}$`."
 *   The API has since taken custom tool names up to 128 characters (its 400 now reads
 *   "tools.N.custom.name: String should have at most 128 characters", anthropics/claude-code#96152;
 *   64 still holds for a tool search's tool references): the check takes the longer limit, so a
 *   name is never reported for Anthropic that the API accepts.
 * - Gemini, `FunctionDeclaration.name` in the google-genai SDKs' reference (the SDK for both the
 *   Gemini API and Vertex AI): "Must start with a letter or an underscore. Must be a-z, A-Z, 0-9,
 *   or contain underscores, dots, colons and dashes, with a maximum length of 64." Older pages
 *   leave dots or colons out; accepting them keeps the check to what every version rejects.
 * - MCP specification 2025-11-25, Server / Tools / Tool names: names "SHOULD be between 1 and 128
 *   characters in length (inclusive)", and "uppercase and lowercase ASCII letters (A-Z, a-z),
 *   digits (0-9), underscore (_), hyphen (-), and dot (.)" SHOULD be the only characters (SEP-986).
 */
export const TOOL_NAME_RULES: readonly ToolNameRule[] = [
  {
    client: 'openai',
    label: 'OpenAI',
    maxLength: 64,
    allowed: /^[A-Za-z0-9_-]$/,
    first: undefined,
    allowedWords: 'letters, digits, `_` and `-`',
    strength: 'must',
    source: 'https://platform.openai.com/docs/api-reference/chat/create#chat-create-tools',
  },
  {
    client: 'anthropic',
    label: 'Anthropic',
    maxLength: 128,
    allowed: /^[A-Za-z0-9_-]$/,
    first: undefined,
    allowedWords: 'letters, digits, `_` and `-`',
    strength: 'must',
    source: 'https://docs.anthropic.com/en/api/messages#body-tools',
  },
  {
    client: 'gemini',
    label: 'Gemini',
    maxLength: 64,
    allowed: /^[A-Za-z0-9_.:-]$/,
    first: /^[A-Za-z_]$/,
    allowedWords: 'letters, digits, `_`, `.`, `:` and `-`, starting with a letter or `_`',
    strength: 'must',
    source: 'https://googleapis.github.io/java-genai/javadoc/google-genai/com.google.genai.types/-function-declaration/-builder/name.html',
  },
  {
    client: 'mcp',
    label: 'the MCP specification',
    maxLength: 128,
    allowed: /^[A-Za-z0-9_.-]$/,
    first: undefined,
    allowedWords: 'letters, digits, `_`, `-` and `.`',
    strength: 'should',
    source: 'https://modelcontextprotocol.io/specification/2025-11-25/server/tools#tool-names',
  },
];

/** Why one client refuses a name. */
export type ToolNameProblem =
  | { readonly kind: 'empty' }
  | { readonly kind: 'too-long'; readonly length: number; readonly maxLength: number }
  | { readonly kind: 'characters'; readonly characters: readonly string[] }
  | { readonly kind: 'first-character'; readonly character: string };

export interface ToolNameViolation {
  readonly rule: ToolNameRule;
  readonly problems: readonly ToolNameProblem[];
}

/** Every code point of the name once, in order of first appearance. */
function distinct(characters: Iterable<string>): string[] {
  return [...new Set(characters)];
}

/** What `rule` says is wrong with `name`; empty when the client accepts it. */
export function toolNameProblems(name: string, rule: ToolNameRule): ToolNameProblem[] {
  if (name.length === 0) return [{ kind: 'empty' }];
  const problems: ToolNameProblem[] = [];
  const characters = [...name];
  const outside = distinct(characters.filter((character) => !rule.allowed.test(character)));
  if (outside.length > 0) problems.push({ kind: 'characters', characters: outside });
  const first = characters[0]!;
  if (rule.first && rule.allowed.test(first) && !rule.first.test(first)) problems.push({ kind: 'first-character', character: first });
  // Counted in UTF-16 units, as the JavaScript pattern each API documents counts them.
  if (name.length > rule.maxLength) problems.push({ kind: 'too-long', length: name.length, maxLength: rule.maxLength });
  return problems;
}

/** The clients among `clients` that refuse `name`, each with why. */
export function toolNameViolations(name: string, clients: readonly ToolNameClient[]): ToolNameViolation[] {
  const violations: ToolNameViolation[] = [];
  for (const rule of TOOL_NAME_RULES) {
    if (!clients.includes(rule.client)) continue;
    const problems = toolNameProblems(name, rule);
    if (problems.length > 0) violations.push({ rule, problems });
  }
  return violations;
}

/** A character as a message shows it: `' '` as "a space", a control character by its code. */
function showCharacter(character: string): string {
  if (character === ' ') return 'a space';
  const code = character.codePointAt(0)!;
  if (code < 0x20 || code === 0x7f || /\s/u.test(character)) return `U+${code.toString(16).toUpperCase().padStart(4, '0')}`;
  return `\`${character}\``;
}

function describeProblem(problem: ToolNameProblem): string {
  switch (problem.kind) {
    case 'empty':
      return 'an empty name';
    case 'too-long':
      return `${problem.length} characters, over ${problem.maxLength}`;
    case 'characters':
      return problem.characters.map(showCharacter).join(', ');
    case 'first-character':
      return `starting with ${showCharacter(problem.character)}`;
  }
}

/** What one client says is wrong, as a message words it: "`.`; allowed: letters, digits, `_` and `-`". */
function describeViolation(violation: ToolNameViolation): string {
  const { rule, problems } = violation;
  const spelling: readonly ToolNameProblem[] = problems.filter((problem) => problem.kind === 'characters' || problem.kind === 'first-character');
  const parts = spelling.length === 0 ? [] : [...spelling.map(describeProblem), `${rule.strength === 'must' ? 'allowed' : 'recommended'}: ${rule.allowedWords}`];
  return [...parts, ...problems.filter((problem) => !spelling.includes(problem)).map(describeProblem)].join('; ');
}

/**
 * "OpenAI and Anthropic (`/`; allowed: letters, digits, `_` and `-`), Gemini (…)": clients that
 * refuse the name for the same reason are named together.
 */
export function describeViolations(violations: readonly ToolNameViolation[]): string {
  const groups = new Map<string, string[]>();
  for (const violation of violations) {
    const reason = describeViolation(violation);
    groups.set(reason, [...(groups.get(reason) ?? []), violation.rule.label]);
  }
  return [...groups].map(([reason, labels]) => `${joinWords(labels)} (${reason})`).join(', ');
}

/** The clients as a message lists them: "OpenAI, Anthropic and Gemini". */
export function joinWords(words: readonly string[]): string {
  if (words.length <= 1) return words.join('');
  return `${words.slice(0, -1).join(', ')} and ${words.at(-1)}`;
}

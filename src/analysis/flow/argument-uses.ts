import { AST_NODE_TYPES, type TSESTree } from '@typescript-eslint/utils';

/**
 * What a call of the language's or a common library's own does with an argument that is no schema
 * sink: copies it (the value goes where the call's result goes), serialises it, only looks at it
 * (data), or writes it into another object (the value goes where that object goes, which the call
 * does not say). The sink model (`schema-sinks.ts`) asks this after its sinks.
 */

/** Calls whose result is their argument, copied: the value goes where the call's result goes. */
const COPYING_FUNCTIONS: ReadonlySet<string> = new Set(['structuredClone', 'cloneDeep', 'deepClone', 'klona', 'freeze']);

/**
 * Calls whose result is their argument when there is nothing else: a result's default
 * (`result.unwrapOr(X)`) and a promise's handlers, whose callback's return becomes the call's
 * value (`p.catch(() => X)`, `p.then(parse, () => X)`).
 */
export const VALUE_PASSING_METHODS: ReadonlySet<string> = new Set(['unwrapOr', 'unwrapOrElse', 'getOrElse', 'orElse', 'valueOr', 'withDefault', 'then', 'catch']);

/** Calls that only look at a value (log it, hash it, count it): their argument is data. */
const INSPECTING_RECEIVERS: ReadonlySet<string> = new Set(['console', 'logger', 'log', 'Object', 'Array', 'Reflect', 'JSON']);

/**
 * The statics of `Object` and `Reflect` that write what they are given into their target
 * (`Object.defineProperty(definitions, key, { value: parseDef(…) ?? {} })`, `Object.assign(t, x)`,
 * `Reflect.set(t, key, x)`): not inspectors, though their receivers' other statics are.
 */
const WRITING_STATICS: ReadonlySet<string> = new Set(['assign', 'defineProperty', 'defineProperties', 'set', 'setPrototypeOf']);

export type ArgumentUse = { readonly kind: 'data'; readonly reason: string } | { readonly kind: 'copy' } | { readonly kind: 'stringify' } | { readonly kind: 'written' };

/** What `call` (named `name`, on `receiver` if a method) does with argument `index`; undefined when it is not known. */
export function argumentUse(call: TSESTree.CallExpression, index: number, name: string, receiver: TSESTree.Node | undefined): ArgumentUse | undefined {
  const global = receiver?.type === AST_NODE_TYPES.Identifier ? receiver.name : undefined;
  if (global === 'JSON' && name === 'stringify' && index === 0) return { kind: 'stringify' };
  // `JSON.parse(JSON.stringify(x))` is a deep copy of `x`.
  if (global === 'JSON' && name === 'parse' && index === 0) return { kind: 'copy' };
  if (COPYING_FUNCTIONS.has(name) && index === 0) return { kind: 'copy' };
  if (receiver && VALUE_PASSING_METHODS.has(name) && name !== 'then' && name !== 'catch' && index === 0) return { kind: 'copy' };
  // fp-ts `pipe(value, f, g)`: the last stage's result is the pipe's.
  if (!receiver && name === 'pipe' && index === call.arguments.length - 1 && index > 0) return { kind: 'copy' };
  if ((global === 'Object' || global === 'Reflect') && WRITING_STATICS.has(name)) return { kind: 'written' };
  if (global !== undefined && INSPECTING_RECEIVERS.has(global)) return { kind: 'data', reason: `read by \`${global}.${name}()\`` };
  return undefined;
}

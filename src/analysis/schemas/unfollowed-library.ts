import type { TSESTree } from '@typescript-eslint/utils';
import { mayReachPackage } from '../modules/package-reach.js';
import { whyModuleIsUnread } from '../modules/unread-modules.js';
import { findBinding } from '../values/bindings.js';
import type { ModuleSource } from '../modules/module-graph.js';
import { librarySpecifiers, libraryOfSpecifier, type LibraryEnvironment, type SchemaLibrary } from './schema-libraries.js';

/**
 * A name that may be a schema library's namespace although the analysis cannot show it: imported
 * from a module of the project it did not read (`import { zod } from '../third_party/index.js'`,
 * a 7.9 MB bundle in chrome-devtools-mcp), under the name that library's users give it. The name
 * is a hint only: a caller needs evidence of its own that what is built with it is a schema.
 */
export interface UnfollowedLibrary {
  readonly library: SchemaLibrary;
  /** The local name: `zod`. */
  readonly binding: string;
  /** The specifier as written: `../third_party/index.js`. */
  readonly specifier: string;
  /** Why the module was not read: `larger than 2 MiB, the analysis's read limit`. */
  readonly reason: string;
}

/** The names each library's documentation and users import it under. */
const CONVENTIONAL_NAMES: ReadonlyMap<string, SchemaLibrary> = new Map([
  ['z', 'zod'],
  ['zod', 'zod'],
  ['Type', 'typebox'],
  ['t', 'typebox'],
  ['v', 'valibot'],
  ['valibot', 'valibot'],
]);

/**
 * What `identifier` may be, when it is imported from a project module that was not read for a
 * reason of its own (`whyModuleIsUnread`) and is named as a library's namespace is. Never for a
 * module that was read (its exports say what it gives, and `resolveLibraryCall` asks them), nor
 * one whose text, and that of every module it imports, never names a schema library.
 */
export function unfollowedLibraryOf(module: ModuleSource, identifier: TSESTree.Identifier, env: LibraryEnvironment): UnfollowedLibrary | undefined {
  const library = CONVENTIONAL_NAMES.get(identifier.name);
  if (!library) return undefined;
  const binding = findBinding(module, identifier);
  if (binding.kind !== 'import' || libraryOfSpecifier(binding.specifier, env.libraries) !== undefined) return undefined;
  // The reach scan first (memoized per pass): a module too large to read is opaque to it (it may
  // pass anything on), a small one that does not parse is still scanned, and one that names no
  // library cannot re-export one, whatever the reason it was not read.
  if (!mayReachPackage(module.file, binding.specifier, librarySpecifiers(env.libraries), env.checked)) return undefined;
  const reason = whyModuleIsUnread(module.file, binding.specifier, env.checked);
  if (reason === undefined) return undefined;
  return { library, binding: identifier.name, specifier: binding.specifier, reason };
}

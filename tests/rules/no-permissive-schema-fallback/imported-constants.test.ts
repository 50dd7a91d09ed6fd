import { join } from 'node:path';
import { describe } from 'vitest';
import type { InvalidTestCase } from '@typescript-eslint/rule-tester';
import rule, { type MessageIds, type Options } from '../../../rules/no-permissive-schema-fallback.js';
import { itIsSparedByThePrechecks, parsesWhileLinting } from '../../module-parses.js';
import { ruleTester } from '../../rule-tester.js';
import { ANY_OBJECT, ANYTHING, FAILURE, locate } from './helpers.js';

// A fallback's value is often an imported constant (`?? TOOL_NAME`, `: Role.User`,
// `Store.dir()`). What the declaring module's text says of it (a string, an enum, a class, an
// instance) settles that it is no schema without parsing that module (`values/settled-import.ts`).
// Both directions: a permissive schema under a declaration whose kind settles nothing (a `let`
// read as a `const`, an object) is still found through the same barrel, and the module of
// constants is never parsed while the pre-checks are on.

const FIXTURES = join(import.meta.dirname, 'fixtures');
const BUILDER = join(FIXTURES, 'tool-schema.ts');
/** The project each parse count lints in: the fixtures' `imported/` modules. */
const IMPORTED = { imported: join(FIXTURES, 'imported') };

const builder = (imports: string, fallback: string): string =>
  `import type { JSONSchema7 } from 'json-schema';\n${imports}\nexport function toolSchema(def: { args: unknown }): JSONSchema7 {\n  try {\n    return marshal(def.args);\n  } catch {\n    return ${fallback};\n  }\n}\n`;

const DECLARED = 'returned as the `JSONSchema7` this function declares';

const failure = (code: string, fallback: string, accepts = ANY_OBJECT): Omit<InvalidTestCase<MessageIds, Options>, 'name'> => ({
  code,
  filename: BUILDER,
  errors: [{ messageId: FAILURE, data: { accepts, sink: DECLARED }, ...locate(code, fallback, code.split(fallback).length - 2) }],
});

ruleTester.run('no-permissive-schema-fallback (imported constants)', rule, {
  valid: [
    { name: 'an imported string', code: builder("import { TOOL_NAME } from './imported/barrel.js';", 'TOOL_NAME'), filename: BUILDER },
    { name: 'a renamed number', code: builder("import { ATTEMPTS } from './imported/barrel.js';", 'ATTEMPTS'), filename: BUILDER },
    { name: 'a `let` holding a string', code: builder("import { VERSION } from './imported/barrel.js';", 'VERSION'), filename: BUILDER },
    { name: "an enum's member", code: builder("import { Role } from './imported/barrel.js';", 'Role.User'), filename: BUILDER },
    { name: "a compiled enum's member", code: builder("import { Mode } from './imported/barrel.js';", 'Mode.Fast'), filename: BUILDER },
    { name: "a class's static method", code: builder("import { Store } from './imported/barrel.js';", 'Store.dir()'), filename: BUILDER },
    { name: "an instance's method", code: builder("import { logger } from './imported/barrel.js';", "logger.debug('marshal failed')"), filename: BUILDER },
    { name: 'a function, not called', code: builder("import { defaultLabel } from './imported/barrel.js';", 'defaultLabel'), filename: BUILDER },
    { name: "a namespace's string", code: builder("import * as names from './imported/names.js';", 'names.TOOL_NAME'), filename: BUILDER },
    { name: 'a local constant of data with an imported value', code: builder("import { WIDE } from './imported/barrel.js';\nconst FALLBACK = { retries: 3, shape: WIDE };", 'FALLBACK'), filename: BUILDER },
  ],
  invalid: [
    { name: 'a `let` never written again, read as a `const`', ...failure(builder("import { LOOSE } from './imported/barrel.js';", 'LOOSE'), 'LOOSE') },
    { name: 'an object const, renamed on the way', ...failure(builder("import { WIDE } from './imported/barrel.js';", 'WIDE'), 'WIDE', ANYTHING) },
    { name: 'through a namespace import of the barrel', ...failure(builder("import * as shapes from './imported/barrel.js';", 'shapes.LOOSE'), 'shapes.LOOSE') },
    // The keys of a local constant settle only a data object: one of schema keys is still read, its values imported.
    {
      name: "a member of a local constant, whose own value is a permissive schema",
      ...failure(builder("import { TOOL_NAME } from './imported/barrel.js';\nconst SHAPES = { label: TOOL_NAME, fallback: { type: 'object' } };", 'SHAPES.fallback'), 'SHAPES.fallback'),
    },
    {
      name: 'a member a later spread may overwrite, read whole',
      ...failure(builder("import { LOOSE } from './imported/barrel.js';\nconst SHAPES = { fallback: 1, ...{ fallback: LOOSE } };", 'SHAPES.fallback'), 'SHAPES.fallback'),
    },
    {
      name: 'a local constant of schema keys with an imported value',
      ...failure(builder("import { TOOL_NAME } from './imported/barrel.js';\nconst FALLBACK = { type: 'object', description: TOOL_NAME } as const;", 'FALLBACK'), 'FALLBACK'),
    },
  ],
});

describe('the module of constants', () => {
  const code = [
    // The file spells a schema type, so that the rule's own pre-check lets it run.
    "import type { JSONSchema7 } from 'json-schema';",
    "import { TOOL_NAME, ATTEMPTS, VERSION, Role, Mode, Store, logger, LOOSE } from './imported/barrel.js';",
    'export function pick(spec: { name?: string; tries?: number; version?: string; role?: string; mode?: string; dir?: string; schema?: object }) {',
    '  const name = spec.name ?? TOOL_NAME;',
    '  const tries = spec.tries ?? ATTEMPTS;',
    '  const version = spec.version ?? VERSION;',
    '  const role = spec.role ?? Role.User;',
    '  const mode = spec.mode ?? Mode.Fast;',
    '  const dir = spec.dir ?? Store.dir();',
    "  try { return run(name, tries, version, role, mode, dir); } catch (error) { return logger.debug('failed', error); }",
    '}',
    'export const shape = (): JSONSchema7 => LOOSE;',
    '',
  ].join('\n');
  /** Parses of `names.ts` while `pick.ts` is linted. */
  const parsesOfNames = (): Promise<number> =>
    parsesWhileLinting({ copies: IMPORTED, code, file: 'pick.ts', rule: 'no-permissive-schema-fallback', counted: 'imported/names.ts' });

  itIsSparedByThePrechecks(parsesOfNames, {
    spared: 'is not parsed: each fallback is settled from its text',
    parsed: 'is parsed when the pre-checks are off, so the check above is what spares it',
  });
});

describe('a local constant of data whose values are imported', () => {
  // `opts = defaults`, as `qs`'s `stringify()` writes it: the object's own keys say it is no
  // schema, and a member is read for its own value, so the module behind the others is not read.
  const code = [
    "import type { JSONSchema7 } from 'json-schema';",
    "import { WIDE } from './imported/barrel.js';",
    "const defaults = { retries: 3, shape: WIDE, charset: 'utf-8', encode: true, serialize(date: Date) { return date.toISOString(); } } as const;",
    'export function configure(options = defaults): JSONSchema7 {',
    '  const charset = options.charset || defaults.charset;',
    // `true` is a permissive schema: the read is judged, by the member's own value, not the object's.
    '  const encode = options.encode ?? defaults.encode;',
    '  const serialize = options.serialize ?? defaults.serialize;',
    '  return build(options, charset);',
    '}',
    '',
  ].join('\n');
  const parsesOfLoose = (): Promise<number> =>
    parsesWhileLinting({ copies: IMPORTED, code, file: 'configure.ts', rule: 'no-permissive-schema-fallback', counted: 'imported/loose.ts' });

  itIsSparedByThePrechecks(parsesOfLoose, {
    spared: 'is not evaluated, so the module of its values is not parsed',
    parsed: 'is evaluated, and that module parsed, when the pre-checks are off',
  });
});

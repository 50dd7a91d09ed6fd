// Types for the benchmark's configurations (plain JavaScript, so `npm run bench` needs no build of its own).
import type { Linter } from 'eslint';

export declare const REPOSITORY_ROOT: string;
export declare const PLUGIN_ROOT_VARIABLE: string;
export declare const BASELINE_FILE_NAME: string;

export type ConfigName = 'a' | 'b' | 'c' | 'd' | 'e' | 'h' | 'l' | 'r';

export declare const CONFIGS: Readonly<Record<ConfigName, { readonly label: string; readonly description: string }>>;

export declare function distModule(path: string): Promise<Record<string, unknown>>;

/** The built module graph's parse and adoption counters by file; `undefined` when the build has none. */
export declare function moduleGraphCounters(): Promise<
  { parses: () => ReadonlyMap<string, number>; adoptions: () => ReadonlyMap<string, number> } | undefined
>;

/** The flat config array for one configuration; `baselineFile` (absolute) is required for `d`. */
export declare function buildConfig(name: ConfigName, options?: { baselineFile?: string }): Promise<Linter.Config[]>;

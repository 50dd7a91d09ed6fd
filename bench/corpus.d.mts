// Types for the corpus generator (plain JavaScript, so `npm run bench` needs no build of its own).
export declare const GENERATOR_VERSION: number;
export declare const DEFAULT_SEED: string;
export declare const LINES_PER_SCALE: number;
export declare const GLOSSARY_MODULE_GLOBS: readonly string[];
export type Layout = 'single' | 'monorepo';
export declare const LAYOUTS: readonly Layout[];
export declare const CORPUS_ROOT: string;

export type PlantedCounts = Record<string, { recommended: number; strict: number }>;

export interface CorpusSummary {
  readonly generatorVersion: number;
  readonly seed: string;
  readonly scale: number;
  /** `single`: one package under `src/`; `monorepo`: an npm workspace under `packages/`. */
  readonly layout: Layout;
  /** The directory (relative to the corpus root) that holds the linted code. */
  readonly sourceRoot: string;
  /** TypeScript files. */
  readonly files: number;
  readonly lines: number;
  readonly domains: number;
  /** The entity (and so class and type name prefix) of each domain. */
  readonly entities: readonly string[];
  /** Paths (relative to the corpus root) of the glossary modules. */
  readonly glossaryModules: readonly string[];
  /** How many findings of each rule the generator planted, per config. */
  readonly planted: PlantedCounts;
}

export interface Corpus {
  /** Relative path → file text, sorted by path. */
  readonly files: ReadonlyMap<string, string>;
  /** Relative path → symlink target (the workspace's packages in `node_modules`). */
  readonly links: ReadonlyMap<string, string>;
  readonly summary: CorpusSummary;
}

export declare function generateCorpus(options?: { scale?: number; seed?: string; layout?: Layout }): Corpus;
export declare function writeCorpus(directory: string, corpus: Corpus): void;
export declare function corpusDirectory(scale: number, layout?: Layout): string;
export declare function sourceRootOf(directory: string): string;
/** Lines of a file's text, a final newline not counting as the start of another. */
export declare function countLines(text: string): number;

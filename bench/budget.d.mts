// Types for the benchmark's budget (plain JavaScript, so `npm run bench` needs no build of its own).
export declare const BUDGET: {
  readonly paired: { readonly b: number; readonly c: number };
  readonly shareOfPeer: { readonly bench: number; readonly real: number; readonly barrels: number };
  readonly noSchemaShare: number;
  readonly warmMaxMs: number;
  readonly smallFileLines: number;
  readonly coldMaxMs: number;
  readonly noSchemaModuleLoads: number;
  readonly growth: number;
  readonly scaling: number;
  readonly glossaryParses: number;
  readonly baseline: number;
};
export declare const PLUGIN_CONFIGS: readonly ['b', 'c'];
export declare const BUDGET_CORPORA: readonly ['bench', 'real', 'barrels'];

export interface CorpusMeasurements {
  readonly label: string;
  readonly paired: Readonly<Record<string, number | undefined>>;
  readonly warmSmallMax: Readonly<Record<string, { ms: number; name: string; lines: number } | undefined>>;
  readonly coldMax: Readonly<Record<string, { ms: number; name: string; sampled: number } | undefined>>;
  readonly noSchemaLoads: Readonly<Record<string, { files: number; loaded: number | undefined; loaders: readonly { name: string; loaded: number }[] } | undefined>>;
  readonly noSchemaShare?: Readonly<Record<string, NoSchemaShare | undefined>>;
}

export interface NoSchemaShare {
  readonly files: number;
  readonly rulesMs: number;
  readonly parseMs: number;
  readonly share: number | undefined;
  readonly worst: { readonly name: string; readonly lines: number; readonly ms: number };
}

export interface Measurements {
  readonly corpora: Readonly<Record<string, CorpusMeasurements | undefined>>;
  readonly growth: Readonly<Record<string, number | undefined>>;
  readonly scaling: readonly { scale: number; baseScale: number; ratio: number | undefined }[];
  readonly glossaryParses?: number;
  readonly baseline?: number;
}

export interface BudgetRow {
  readonly check: string;
  readonly corpus: string;
  readonly measured: string;
  readonly limit: string;
  readonly verdict: 'met' | 'missed' | 'not measured';
}

/** `rows`: the budget (issue 24's, decided anew by issue 31), every line present; `kept`: issue 8's lines the run measured. */
export declare function evaluateBudget(measured: Measurements): { rows: BudgetRow[]; kept: BudgetRow[] };

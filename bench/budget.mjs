// The performance budget (issue 24's, as issue 31 decided it anew), and its evaluation from one bench run's measurements. Pure, so
// tests/bench/budget.test.ts can hold each line to its limit without timing anything. A line whose
// measurement is missing reads "not measured", never "met".

export const BUDGET = {
  /** Rules' CPU as a share of the parse of the same files, paired, per configuration. */
  paired: { b: 0.05, c: 0.06 },
  /**
   * Each configuration at most this share of typescript-eslint recommended's paired cost, by corpus
   * (issue 31): a third on the real corpora, half on the schema-dense generated one.
   */
  shareOfPeer: { bench: 1 / 2, real: 1 / 3, barrels: 1 / 3 },
  /** The rules' total on the files that name no schema, over those files' parse (issue 31). */
  noSchemaShare: 0.01,
  /** Warm rule time per file, on files under `smallFileLines` lines. */
  warmMaxMs: 100,
  smallFileLines: 1000,
  /** Rule time of any file linted first in a fresh process. */
  coldMaxMs: 500,
  /** Modules the analysis loads while linting the files that name no schema. */
  noSchemaModuleLoads: 0,
  /** Rule time of a file twice as long, over the file's. */
  growth: 2.2,
  /** Fresh-process time of the 4× corpus over the 1× corpus (kept from issue 8). */
  scaling: 4.4,
  /** Parses of one glossary module in one process, ESLint's included (kept from issue 8). */
  glossaryParses: 1,
  /** A 10,000-entry baseline over recommended alone, fresh processes (kept from issue 8, when d runs). */
  baseline: 0.02,
};

/** The plugin's configurations the budget is about. */
export const PLUGIN_CONFIGS = /** @type {const} */ (['b', 'c']);
const CONFIG_LABEL = { b: '`recommended`', c: '`strict`' };
/** The corpora every budget line is measured on. */
export const BUDGET_CORPORA = /** @type {const} */ (['bench', 'real', 'barrels']);

const percent = (value) => `${(100 * value).toFixed(1)} %`;
const ms = (value) => `${value.toFixed(0)} ms`;
const times = (value) => `${value.toFixed(2)}×`;

// "At most" allows for the last bit of a division: 4 % over 12 % is a third, not a rounding above it.
const AT_MOST_TOLERANCE = 1e-9;

function line(rows, { check, corpus, value, limit, comparator, format, detail }) {
  const measured = value !== undefined && Number.isFinite(value);
  const holds = measured && (comparator === '<' ? value < limit : comparator === '=' ? value === limit : value <= limit * (1 + AT_MOST_TOLERANCE));
  rows.push({
    check,
    corpus,
    measured: measured ? `${format(value)}${detail ? ` (${detail})` : ''}` : '–',
    limit: `${comparator === '=' ? '' : `${comparator} `}${format(limit)}`,
    verdict: measured ? (holds ? 'met' : 'missed') : 'not measured',
  });
}

/**
 * The budget's lines for one run.
 * @param {{
 *   corpora: Record<string, {
 *     label: string,
 *     paired: Record<string, number | undefined>,
 *     warmSmallMax: Record<string, { ms: number, name: string, lines: number } | undefined>,
 *     coldMax: Record<string, { ms: number, name: string, sampled: number } | undefined>,
 *     noSchemaLoads: Record<string, { files: number, loaded: number | undefined, loaders: { name: string, loaded: number }[] } | undefined>,
 *     noSchemaShare?: Record<string, { files: number, rulesMs: number, parseMs: number, share: number | undefined, worst: { name: string, lines: number, ms: number } } | undefined>,
 *   } | undefined>,
 *   growth: Record<string, number | undefined>,
 *   scaling: { scale: number, baseScale: number, ratio: number | undefined }[],
 *   glossaryParses?: number,
 *   baseline?: number,
 * }} measured
 */
export function evaluateBudget(measured) {
  const rows = [];
  for (const id of BUDGET_CORPORA) {
    const corpus = measured.corpora[id];
    const label = corpus?.label ?? id;
    const peer = corpus?.paired.e;
    for (const name of PLUGIN_CONFIGS) {
      line(rows, {
        check: `${CONFIG_LABEL[name]}, paired: rules' time over the parse of the same files`,
        corpus: label,
        value: corpus?.paired[name],
        limit: BUDGET.paired[name],
        comparator: '≤',
        format: percent,
      });
    }
    for (const name of PLUGIN_CONFIGS) {
      const own = corpus?.paired[name];
      line(rows, {
        check: `${CONFIG_LABEL[name]}, paired, over typescript-eslint \`recommended\`'s paired cost`,
        corpus: label,
        value: own !== undefined && peer !== undefined && peer > 0 ? own / peer : undefined,
        limit: BUDGET.shareOfPeer[id],
        comparator: '≤',
        format: (value) => `${(100 * value).toFixed(0)} %`,
        detail: own !== undefined && peer !== undefined ? `${percent(own)} against ${percent(peer)}` : undefined,
      });
    }
    for (const name of PLUGIN_CONFIGS) {
      const worst = corpus?.warmSmallMax[name];
      line(rows, {
        check: `${CONFIG_LABEL[name]}, warm: maximum rule time of a file under ${BUDGET.smallFileLines.toLocaleString('en-US')} lines`,
        corpus: label,
        value: worst?.ms,
        limit: BUDGET.warmMaxMs,
        comparator: '<',
        format: ms,
        detail: worst ? `\`${worst.name}\`, ${worst.lines} lines` : undefined,
      });
    }
    for (const name of PLUGIN_CONFIGS) {
      const worst = corpus?.coldMax[name];
      line(rows, {
        check: `${CONFIG_LABEL[name]}, cold: maximum rule time of a file linted first in a fresh process`,
        corpus: label,
        value: worst?.ms,
        limit: BUDGET.coldMaxMs,
        comparator: '<',
        format: ms,
        detail: worst ? `\`${worst.name}\`, worst of ${worst.sampled} sampled` : undefined,
      });
    }
    for (const name of PLUGIN_CONFIGS) {
      const free = corpus?.noSchemaShare?.[name];
      line(rows, {
        check: `${CONFIG_LABEL[name]}: rules' time on the files that name no schema, paired, over their parse`,
        corpus: label,
        value: free?.share,
        limit: BUDGET.noSchemaShare,
        comparator: '≤',
        format: (value) => `${(100 * value).toFixed(2)} %`,
        detail: free ? `${free.files} files, ${free.rulesMs.toFixed(0)} ms over ${free.parseMs.toFixed(0)} ms; most \`${free.worst.name}\` (${free.worst.ms.toFixed(1)} ms)` : undefined,
      });
    }
    for (const name of PLUGIN_CONFIGS) {
      const loads = corpus?.noSchemaLoads[name];
      const first = loads?.loaders[0];
      line(rows, {
        check: `${CONFIG_LABEL[name]}: modules loaded while linting the files that name no schema`,
        corpus: label,
        value: loads?.loaded,
        limit: BUDGET.noSchemaModuleLoads,
        comparator: '=',
        format: String,
        detail: loads && loads.loaded !== undefined
          ? `${loads.files} files${first ? `; ${loads.loaders.length} loaded any, most \`${first.name}\` (${first.loaded})` : ''}`
          : undefined,
      });
    }
  }
  for (const name of PLUGIN_CONFIGS) {
    line(rows, {
      check: `${CONFIG_LABEL[name]}: rule time of a file twice as long, over the file's`,
      corpus: 'generated long tool module',
      value: measured.growth[name],
      limit: BUDGET.growth,
      comparator: '≤',
      format: times,
    });
  }
  const scalings = measured.scaling.length > 0 ? measured.scaling : [{ scale: 4, baseScale: 1, ratio: undefined }];
  for (const { scale, baseScale, ratio } of scalings) {
    line(rows, {
      check: `\`recommended\`, fresh processes: ${scale}× corpus time over ${baseScale}×`,
      corpus: 'bench corpus',
      value: ratio,
      limit: BUDGET.scaling * (scale / baseScale / 4),
      comparator: '≤',
      format: times,
    });
  }
  // Kept from the first benchmark issue, where the run measures them; not part of issue 24's budget.
  const kept = [];
  if (measured.glossaryParses !== undefined) {
    line(kept, { check: 'parses of one glossary module in one process, ESLint\'s included (max)', corpus: 'bench corpus', value: measured.glossaryParses, limit: BUDGET.glossaryParses, comparator: '≤', format: String });
  }
  if (measured.baseline !== undefined) {
    line(kept, { check: '(d−b)/b, a 10,000-entry baseline, fresh processes', corpus: 'bench corpus', value: measured.baseline, limit: BUDGET.baseline, comparator: '≤', format: percent });
  }
  return { rows, kept };
}

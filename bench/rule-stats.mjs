// Per-rule and parse times from the results of an ESLint run made with `stats: true`.

/** @param {import('eslint').ESLint.LintResult[]} results */
export function ruleStatsOf(results) {
  const ruleTimes = {};
  let parseMs = 0;
  for (const result of results) {
    for (const pass of result.stats?.times.passes ?? []) {
      parseMs += pass.parse?.total ?? 0;
      for (const [rule, time] of Object.entries(pass.rules ?? {})) ruleTimes[rule] = (ruleTimes[rule] ?? 0) + time.total;
    }
  }
  return { ruleTimes, parseMs };
}

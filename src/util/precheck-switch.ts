/**
 * Whether the pre-checks are on: a rule's vocabulary and import checks (`create-rule.ts`), and the
 * shortcuts of the analysis that answer from texts what a parse would (`permissive-value.ts`).
 * Internal, not a user option: no entry point of the package exports this module, and no setting
 * or environment variable reaches it. Only tests/analysis/precheck-soundness.test.ts turns them
 * off (through `setPrechecksForSoundnessTest`), to prove that they never hide a finding.
 */
let prechecksOn = true;

export function prechecksEnabled(): boolean {
  return prechecksOn;
}

export function setPrechecks(on: boolean): void {
  prechecksOn = on;
}

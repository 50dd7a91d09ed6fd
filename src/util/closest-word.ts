/**
 * The word the user probably meant: shared by the schema diagnostics (a misspelled keyword) and
 * the settings validation (a misspelled settings key), so both suggest by the same measure.
 */

/** Optimal string alignment distance (Levenshtein plus adjacent transpositions: `requried`). */
export function editDistance(a: string, b: string): number {
  const rows = a.length + 1;
  const columns = b.length + 1;
  const distance: number[][] = Array.from({ length: rows }, (_, row) => Array.from({ length: columns }, (_, column) => (row === 0 ? column : column === 0 ? row : 0)));
  for (let row = 1; row < rows; row += 1) {
    for (let column = 1; column < columns; column += 1) {
      const cost = a[row - 1] === b[column - 1] ? 0 : 1;
      let best = Math.min(distance[row - 1]![column]! + 1, distance[row]![column - 1]! + 1, distance[row - 1]![column - 1]! + cost);
      if (row > 1 && column > 1 && a[row - 1] === b[column - 2] && a[row - 2] === b[column - 1]) best = Math.min(best, distance[row - 2]![column - 2]! + 1);
      distance[row]![column] = best;
    }
  }
  return distance[a.length]![b.length]!;
}

/** The closest candidate, when it is close enough to be a typo: one edit for short words, up to three for long ones. */
export function suggestClosest(word: string, candidates: Iterable<string>): string | undefined {
  const allowed = word.length <= 4 ? 1 : word.length <= 8 ? 2 : 3;
  let best: string | undefined;
  let bestDistance = Infinity;
  const lowerWord = word.toLowerCase();
  for (const candidate of candidates) {
    if (candidate === word) continue;
    // The distance is at least the difference in length: such a candidate cannot be the typo, and a
    // long word from a literal is never compared (the comparison is quadratic in time and memory).
    if (Math.abs(candidate.length - word.length) > allowed) continue;
    // `minlength` for `minLength`: case slips are the likeliest typo of all.
    const distance = candidate.toLowerCase() === lowerWord ? 0.5 : editDistance(word, candidate);
    if (distance < bestDistance) {
      best = candidate;
      bestDistance = distance;
    }
  }
  return bestDistance <= allowed ? best : undefined;
}

// "Did you mean …?" for misspelt names (tools, fields): the closest candidate by edit distance.

/** The candidate closest to `name` when it is plausibly a typo of it, otherwise `undefined`. */
export function closestName(name: string, candidates: readonly string[]): string | undefined {
  const limit = Math.max(1, Math.floor(name.length / 3));
  // The distance is at least the difference in length: a name far longer than every candidate (a
  // megabyte-long key) is no typo of any, and is never compared letter by letter.
  const near = candidates.filter((candidate) => Math.abs(candidate.length - name.length) <= limit);
  if (near.length === 0) return undefined;
  const lower = name.toLowerCase();
  let best: string | undefined;
  let bestDistance = Infinity;
  for (const candidate of near) {
    const distance = editDistance(lower, candidate.toLowerCase());
    if (distance < bestDistance) {
      best = candidate;
      bestDistance = distance;
    }
  }
  return bestDistance <= limit ? best : undefined;
}

/** Edit distance where swapping two adjacent letters counts as one edit (optimal string alignment). */
function editDistance(a: string, b: string): number {
  let beforePrevious: number[] = [];
  let previous = Array.from({ length: b.length + 1 }, (_, index) => index);
  for (let i = 1; i <= a.length; i++) {
    const current = [i];
    for (let j = 1; j <= b.length; j++) {
      let distance = Math.min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + (a[i - 1] === b[j - 1] ? 0 : 1));
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) distance = Math.min(distance, beforePrevious[j - 2] + 1);
      current.push(distance);
    }
    beforePrevious = previous;
    previous = current;
  }
  return previous[b.length];
}

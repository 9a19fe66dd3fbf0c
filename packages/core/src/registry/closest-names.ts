/**
 * Finds the names closest to an unknown one: same letters ignoring case and separators,
 * containment, or a small edit distance.
 * @param wanted - the unknown name
 * @param names - the known names
 * @param limit - how many to return
 * @returns up to `limit` names, closest first
 */
export function closestNames(wanted: string, names: Iterable<string>, limit = 3): string[] {
  const normalizedWanted = normalize(wanted);
  const scored: Array<{ name: string; score: number }> = [];
  for (const name of names) {
    const normalized = normalize(name);
    let score: number;
    if (normalized === normalizedWanted) score = 0;
    else if (normalized.includes(normalizedWanted) || normalizedWanted.includes(normalized)) score = 1;
    else {
      const distance = editDistance(normalizedWanted, normalized, 3);
      if (distance > Math.max(2, Math.floor(Math.max(normalized.length, normalizedWanted.length) / 3))) continue;
      score = 1 + distance;
    }
    scored.push({ name, score });
  }
  return scored
    .sort((left, right) => left.score - right.score || left.name.localeCompare(right.name))
    .slice(0, limit)
    .map((item) => item.name);
}

function normalize(name: string): string {
  return name.toLowerCase().replace(/[_-]/g, '');
}

/** Levenshtein distance, giving up (returning cap + 1) once it exceeds `cap`. */
function editDistance(left: string, right: string, cap: number): number {
  if (Math.abs(left.length - right.length) > cap) return cap + 1;
  let previous = Array.from({ length: right.length + 1 }, (_, index) => index);
  for (let row = 1; row <= left.length; row++) {
    const current = [row];
    let best = row;
    for (let column = 1; column <= right.length; column++) {
      const cost = left[row - 1] === right[column - 1] ? 0 : 1;
      const value = Math.min(previous[column] + 1, current[column - 1] + 1, previous[column - 1] + cost);
      current.push(value);
      if (value < best) best = value;
    }
    if (best > cap) return cap + 1;
    previous = current;
  }
  return previous[right.length];
}
